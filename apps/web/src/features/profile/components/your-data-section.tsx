import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { AccountDeletionDialog } from '../../../components/ui/account-deletion-dialog';
import {
  useAccountDeletion,
  useDownloadPersonalData,
} from '../../../entities/personal-data/api/personal-data';

/**
 * "Tus datos" (ADR 0054, RGPD): download everything the platform holds about you as one archive,
 * or delete your account after seeing what goes and what stays anonymised. `onDeleted` signs
 * out and leaves the profile: the route decides where to.
 */
export function YourDataSection({ onDeleted }: { onDeleted: () => void }) {
  const download = useDownloadPersonalData('me');
  const [deleting, setDeleting] = useState(false);
  const deletion = useAccountDeletion('me', deleting);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-slate-700">
          Un archivo ZIP con tu cuenta, tu perfil, tus candidaturas, lo que has guardado, tus
          resultados del cuestionario, tus comunicaciones y los archivos que has subido.
        </p>
        <Button
          variant="secondary"
          isPending={download.isPending}
          onClick={() => download.mutate()}
        >
          {download.isPending ? 'Preparando tus datos…' : 'Descargar mis datos'}
        </Button>
        {download.isError ? (
          <Alert tone="error">
            No hemos podido preparar tus datos. Vuelve a intentarlo en unos minutos.
          </Alert>
        ) : null}
      </div>
      <div className="flex flex-col items-start gap-2 border-t border-slate-200 pt-5">
        <p className="text-sm text-slate-700">
          Se borra todo lo que es solo tuyo. Antes de confirmar verás qué se elimina y qué se
          conserva sin tus datos.
        </p>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          Eliminar mi cuenta
        </Button>
      </div>
      <AccountDeletionDialog
        isOpen={deleting}
        own
        preview={deletion.preview}
        previewFailed={deletion.previewFailed}
        isPending={deletion.isPending}
        error={deletion.error}
        onConfirm={(password) => deletion.confirm(password, onDeleted)}
        onClose={() => {
          deletion.reset();
          setDeleting(false);
        }}
      />
    </div>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import type { DeletionItem, DeletionPreview } from '@plataforma/shared';
import { Button, buttonClasses } from './button';
import { Modal } from './dialog';
import { TextField } from './form';
import { Alert } from './alert';
import { LoadingStatus } from './loading-status';

interface AccountDeletionDialogProps {
  isOpen: boolean;
  /** The person's own account (asks for the password) or, for an admin, someone else's. */
  own: boolean;
  /** Whose account, for an admin's dialog ("la cuenta de Ana López"). */
  personName?: string;
  /** What deleting it does, as the server counts it: undefined while it loads. */
  preview: DeletionPreview | undefined;
  previewFailed: boolean;
  isPending: boolean;
  /** The refusal of the deletion, in Spanish (a wrong password), if any. */
  error: string | undefined;
  onConfirm: (password: string | undefined) => void;
  onClose: () => void;
}

function ItemList({ items, tone }: { items: DeletionItem[]; tone: 'deleted' | 'kept' }) {
  return (
    <ul className="flex flex-col gap-1.5 text-sm text-slate-800">
      {items.map((item) => (
        <li key={item.key} className="flex gap-2">
          <span
            aria-hidden="true"
            className={tone === 'deleted' ? 'text-red-700' : 'text-slate-500'}
          >
            {tone === 'deleted' ? '✕' : '•'}
          </span>
          <span>
            {item.label} <span className="font-semibold">({item.count})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Deleting an account (ADR 0054): what will go and what will stay anonymised (the server's
 * preview), then the password (the person's own account) or only the confirmation (an admin's). The cancel button takes the focus, so Enter never deletes by accident.
 */
export function AccountDeletionDialog({
  isOpen,
  own,
  personName,
  preview,
  previewFailed,
  isPending,
  error,
  onConfirm,
  onClose,
}: AccountDeletionDialogProps) {
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const cancelRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    if (isPending) return;
    setPassword('');
    setPasswordError(undefined);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (own && password === '') {
      setPasswordError('Escribe tu contraseña para confirmar.');
      return;
    }
    setPasswordError(undefined);
    onConfirm(own ? password : undefined);
  };

  const title = own
    ? 'Eliminar mi cuenta'
    : `Eliminar la cuenta${personName ? ` de ${personName}` : ''}`;

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title={title}
      description={
        own
          ? 'Esta acción no se puede deshacer. Antes de confirmar, puedes descargar tus datos.'
          : 'Esta acción no se puede deshacer. Hazlo solo si la persona lo ha pedido.'
      }
      initialFocus={cancelRef}
      size="lg"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        {previewFailed ? (
          <Alert tone="error">
            No hemos podido comprobar qué datos se eliminarán. Cierra y vuelve a intentarlo.
          </Alert>
        ) : !preview ? (
          <LoadingStatus label="Comprobando qué datos se eliminarán…" />
        ) : (
          <>
            <section aria-labelledby="eliminar-se-borra" className="flex flex-col gap-2">
              <h3 id="eliminar-se-borra" className="font-semibold text-slate-900">
                Se eliminará
              </h3>
              <ItemList items={preview.deleted} tone="deleted" />
            </section>
            {preview.anonymised.length > 0 ? (
              <section aria-labelledby="eliminar-se-conserva" className="flex flex-col gap-2">
                <h3 id="eliminar-se-conserva" className="font-semibold text-slate-900">
                  Se conservará sin datos personales
                </h3>
                <p className="text-sm text-slate-700">
                  Otras personas dependen de esto, así que se mantiene sin nada que diga quién
                  {own ? ' eras' : ' era'}.
                </p>
                <ItemList items={preview.anonymised} tone="kept" />
              </section>
            ) : null}
          </>
        )}

        {own ? (
          <TextField
            label="Tu contraseña"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={passwordError ?? error}
          />
        ) : error ? (
          <Alert tone="error">{error}</Alert>
        ) : null}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            ref={cancelRef}
            type="button"
            onClick={close}
            className={buttonClasses('secondary')}
          >
            Cancelar
          </button>
          <Button type="submit" variant="danger" isPending={isPending} disabled={!preview}>
            {own ? 'Eliminar mi cuenta' : 'Eliminar la cuenta'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { showToast } from '../../../components/ui/toast';
import type { CurrentLogo } from '../types';
import { saveErrorMessage } from '../utils/form-errors';
import { ImageUploadField } from './image-upload-field';

interface MenuLogoCardProps {
  logo: CurrentLogo | null;
  /** Uploads the file and makes it the menu logo; rejects with the API's error. */
  onUpload: (file: File) => Promise<void>;
  /** Leaves the menu without a logo (the header shows the project's initials). */
  onRemove: () => Promise<void>;
}

/**
 * The menu logo (spec §1: also the favicon). It is saved as soon as it is uploaded, apart from the
 * branding form, since it is a file and not a text value.
 */
export function MenuLogoCard({ logo, onUpload, onRemove }: MenuLogoCardProps) {
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);

  async function upload(file: File) {
    setStatus(null);
    await onUpload(file);
    showToast('Logo actualizado. Ya se ve en la cabecera y en el icono de la pestaña.');
  }

  async function remove() {
    setStatus(null);
    setIsRemoving(true);
    try {
      await onRemove();
      showToast('Logo quitado. La cabecera muestra las iniciales del proyecto.');
    } catch (error) {
      setStatus({ tone: 'error', text: saveErrorMessage(error) });
    } finally {
      setIsRemoving(false);
    }
  }

  return (
    <section
      aria-labelledby="logo-menu-titulo"
      className="flex flex-col gap-4 rounded-xl border border-slate-300 bg-white p-5"
    >
      <div>
        <h3 id="logo-menu-titulo" className="text-lg font-bold text-slate-900">
          Logo del menú
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          Se muestra en la cabecera y como icono de la pestaña del navegador. Se guarda en cuanto lo
          subes.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <div className="grid h-20 w-32 place-items-center rounded-lg border border-dashed border-slate-400 bg-slate-50 p-2">
          {logo ? (
            <img
              src={logo.url}
              alt="Logo del menú actual"
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <span className="text-center text-xs text-slate-700">Sin logo</span>
          )}
        </div>
        <div className="flex flex-col gap-3">
          <ImageUploadField label={logo ? 'Cambiar el logo' : 'Subir un logo'} onFile={upload} />
          {logo ? (
            <div>
              <Button variant="secondary" onClick={() => void remove()} isPending={isRemoving}>
                Quitar el logo
              </Button>
            </div>
          ) : null}
        </div>
      </div>
      {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
    </section>
  );
}

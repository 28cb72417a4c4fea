import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { showToast } from '../../../components/ui/toast';
import { useDeleteBanner } from '../api/delete-banner';
import { useAllBanners } from '../api/get-all-banners';
import { useNow } from '../hooks/use-now';
import { AUDIENCE_LABELS, type Banner } from '../types';
import { isWithinWindow } from '../utils/banner-visibility';
import { BannerForm } from './banner-form';

const DATE_TIME = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeStyle: 'short' });

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; banner: Banner };

/**
 * The admin's banners (ADR 0015): every banner with its state, window and placements; create,
 * edit and delete. The server only lets admins write; saving refreshes the banners pages show.
 */
export function BannersAdmin() {
  const banners = useAllBanners();
  const remove = useDeleteBanner();
  const now = useNow();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [toDelete, setToDelete] = useState<Banner | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // The button that opened the form gets the focus back when the form is cancelled.
  const opener = useRef<HTMLElement | null>(null);

  const startEditing = (next: Editing) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(next);
  };
  const cancel = () => {
    setEditing({ kind: 'none' });
    requestAnimationFrame(() => opener.current?.focus());
  };
  const finish = (message: string) => {
    setEditing({ kind: 'none' });
    showToast(message);
    // The form is gone: the keyboard goes back to the button that opened it, or to the list
    // when that button left with a deleted banner.
    requestAnimationFrame(() =>
      (opener.current?.isConnected ? opener.current : listRef.current)?.focus(),
    );
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      setToDelete(null);
      finish(`Se ha eliminado el banner «${toDelete.title}».`);
    } catch {
      // The dialog stays open with the error.
    }
  };

  return (
    <div ref={listRef} tabIndex={-1} className="flex flex-col gap-6 focus:outline-none">
      <div>
        <Button onClick={() => startEditing({ kind: 'new' })}>Nuevo banner</Button>
      </div>

      {editing.kind === 'none' ? null : (
        <BannerForm
          key={editing.kind === 'edit' ? editing.banner.id : 'new'}
          banner={editing.kind === 'edit' ? editing.banner : null}
          onSaved={({ title, isNew }) =>
            finish(
              isNew ? `Se ha creado el banner «${title}».` : `Se ha guardado el banner «${title}».`,
            )
          }
          onCancel={cancel}
        />
      )}

      {banners.isPending ? (
        <LoadingStatus />
      ) : banners.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">No se pudieron cargar los banners.</Alert>
          <Button variant="secondary" onClick={() => void banners.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : banners.data.length === 0 ? (
        <p className="text-base text-slate-700">Todavía no hay banners.</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Banners">
          {banners.data.map((banner) => (
            <li
              key={banner.id}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="mr-2 text-base font-bold text-slate-900">{banner.title}</h3>
                <StateBadge banner={banner} now={now} />
              </div>
              <p className="text-sm text-slate-700">{banner.message}</p>
              <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold text-slate-900">Cuándo</dt>
                <dd className="text-slate-700">{windowText(banner)}</dd>
                <dt className="font-semibold text-slate-900">Dónde</dt>
                <dd className="text-slate-700">
                  {banner.placements
                    .map(
                      (p) =>
                        `${p.path} (${
                          p.audiences.length === 0
                            ? 'todo el mundo'
                            : p.audiences.map((a) => AUDIENCE_LABELS[a]).join(', ')
                        })`,
                    )
                    .join(' · ')}
                </dd>
                {banner.link ? (
                  <>
                    <dt className="font-semibold text-slate-900">Enlace</dt>
                    <dd className="break-all text-slate-700">
                      {banner.link.label} → {banner.link.url}
                    </dd>
                  </>
                ) : null}
              </dl>
              <div className="flex flex-wrap gap-3">
                <Button
                  variant="secondary"
                  aria-label={`Editar el banner «${banner.title}»`}
                  onClick={() => startEditing({ kind: 'edit', banner })}
                >
                  Editar
                </Button>
                <Button
                  variant="secondary"
                  aria-label={`Eliminar el banner «${banner.title}»`}
                  onClick={() => {
                    remove.reset();
                    // Deleted, the banner takes this button with it: the focus goes to the list.
                    opener.current = null;
                    setToDelete(banner);
                  }}
                >
                  Eliminar
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Modal
        isOpen={toDelete !== null}
        onClose={() => setToDelete(null)}
        title="¿Eliminar este banner?"
        description={
          toDelete ? `«${toDelete.title}» dejará de mostrarse y no se podrá recuperar.` : undefined
        }
      >
        {remove.isError ? (
          <Alert tone="error" className="mb-4">
            No se pudo eliminar el banner. Inténtalo de nuevo.
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button
            variant="danger"
            isPending={remove.isPending}
            onClick={() => void confirmDelete()}
          >
            Eliminar
          </Button>
          <Button variant="secondary" onClick={() => setToDelete(null)}>
            Cancelar
          </Button>
        </div>
      </Modal>
    </div>
  );
}

function windowText(banner: Banner): string {
  const end = DATE_TIME.format(banner.endsAt);
  return banner.startsAt === null
    ? `Desde que se publica hasta el ${end}`
    : `Del ${DATE_TIME.format(banner.startsAt)} al ${end}`;
}

const BADGE = 'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

/** Draft, scheduled, showing now or finished, against the clock. */
function StateBadge({ banner, now }: { banner: Banner; now: number }) {
  if (!banner.isPublished) {
    return <span className={`${BADGE} bg-slate-100 text-slate-800 ring-slate-300`}>Borrador</span>;
  }
  if (isWithinWindow(banner, now)) {
    return (
      <span className={`${BADGE} bg-green-50 text-green-900 ring-green-300`}>Visible ahora</span>
    );
  }
  if (banner.startsAt !== null && now < banner.startsAt) {
    return <span className={`${BADGE} bg-blue-50 text-blue-900 ring-blue-300`}>Programado</span>;
  }
  return <span className={`${BADGE} bg-slate-100 text-slate-800 ring-slate-300`}>Finalizado</span>;
}

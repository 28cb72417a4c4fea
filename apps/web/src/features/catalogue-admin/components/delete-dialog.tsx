import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { showToast } from '../../../components/ui/toast';
import { useUsage } from '../api/get-usage';
import { useDeleteEntry } from '../api/save-catalogue';
import type { DeleteTarget } from '../types';
import { countOf } from '../utils/texts';
import { summariseUsage, type KindUsage } from '../utils/usage-summary';

/** Spec §8 "Campus delete finds no degrees": said as the spec words it (ADR 0047). */
export const NO_DEGREES_FOUND = 'No degrees found for the specified campus.';

const WORDS: Record<
  DeleteTarget['kind'],
  { title: (name: string) => string; what: string; button: string; done: (name: string) => string }
> = {
  campus: {
    title: (name) => `¿Borrar el campus «${name}»?`,
    what: 'Se borran primero sus convocatorias, después sus grados y por último el campus, todo a la vez: si algo falla, no se borra nada. Los grados que ofrecen también otros campus no se borran.',
    button: 'Borrar campus',
    done: (name) => `Has borrado el campus «${name}».`,
  },
  degree: {
    title: (name) => `¿Borrar el grado «${name}»?`,
    what: 'El grado deja de existir en todos los campus que lo ofrecen. Sus convocatorias no se borran.',
    button: 'Borrar grado',
    done: (name) => `Has borrado el grado «${name}».`,
  },
  call: {
    title: (name) => `¿Borrar la convocatoria «${name}»?`,
    what: 'La convocatoria deja de existir para todos sus grados.',
    button: 'Borrar convocatoria',
    done: (name) => `Has borrado la convocatoria «${name}».`,
  },
};

const FAILED: Record<DeleteTarget['kind'], string> = {
  campus: 'No se ha podido borrar el campus.',
  degree: 'No se ha podido borrar el grado.',
  call: 'No se ha podido borrar la convocatoria.',
};

/**
 * The confirmation of a delete: what it touches, counted by the API right now (GET …/usage,
 * ADR 0047), and how many records in all; nothing is deleted until the admin confirms, and the
 * confirm button waits for the counts.
 */
export function DeleteDialog({
  isOpen,
  target,
  onClose,
  onDeleted,
}: {
  isOpen: boolean;
  /** The entry to delete. */
  target: DeleteTarget | null;
  onClose: () => void;
  /** After the delete, with what was deleted. */
  onDeleted?: (target: DeleteTarget) => void;
}) {
  const usage = useUsage(isOpen ? target : null);
  const remove = useDeleteEntry({
    onDeleted: (deleted) => {
      showToast(WORDS[deleted.kind].done(deleted.entry.name));
      onClose();
      onDeleted?.(deleted);
    },
  });
  const words = target ? WORDS[target.kind] : null;

  function close() {
    remove.reset();
    onClose();
  }

  return (
    <Modal
      isOpen={isOpen && target !== null}
      onClose={close}
      title={words && target ? words.title(target.entry.name) : ''}
      description={words?.what}
    >
      {target && words ? (
        <div className="flex flex-col gap-4">
          {usage.isError ? (
            <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
              <span>No se ha podido comprobar a qué afecta el borrado. {usage.error.message}</span>
              <Button variant="secondary" onClick={() => void usage.refetch()}>
                Reintentar
              </Button>
            </Alert>
          ) : usage.data ? (
            <UsageText of={{ kind: target.kind, usage: usage.data } as KindUsage} />
          ) : (
            <LoadingStatus />
          )}
          {remove.isError ? (
            <Alert tone="error">
              {FAILED[target.kind]} {remove.error.message}
            </Alert>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              disabled={!usage.isSuccess}
              isPending={remove.isPending}
              onClick={() => remove.mutate(target)}
            >
              {words.button}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

function UsageText({ of }: { of: KindUsage }) {
  const summary = summariseUsage(of);
  return (
    <div className="flex flex-col gap-3 text-base text-slate-800">
      {summary.isCampusWithoutDegrees ? (
        <p>
          <span lang="en">{NO_DEGREES_FOUND}</span> Solo se borrará el campus.
        </p>
      ) : null}
      {summary.lines.length > 0 ? (
        <ul className="flex list-disc flex-col gap-1 pl-5">
          {summary.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <p className="font-semibold">
        {summary.total === 1
          ? 'El borrado afecta a 1 registro: solo a este.'
          : `En total, el borrado afecta a ${countOf(summary.total, 'registro', 'registros')}.`}
      </p>
    </div>
  );
}

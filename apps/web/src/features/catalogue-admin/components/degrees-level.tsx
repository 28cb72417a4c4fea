import { useId } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { Pagination } from '../../../components/ui/pagination';
import { SearchBox } from '../../../components/ui/search-box';
import { useDegrees } from '../api/get-degrees';
import type { CallItem, CampusItem, DegreeItem, DeleteTarget, NamedEntry } from '../types';
import { browseHref } from '../utils/browse-params';
import { countOf, durationText, periodText } from '../utils/texts';
import { CallFormDialog } from './call-form';
import { CampusFormDialog } from './campus-form';
import { DegreeFormDialog } from './degree-form';
import { DeleteDialog } from './delete-dialog';
import { EditDeleteActions, EmptyList, ListCount, ListError } from './list-states';
import { useDialog } from './use-dialog';

const BADGE =
  'rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset';

/**
 * A campus's degrees, searched by name, each with the campuses that also offer it and its calls;
 * the campus itself is edited or deleted here too.
 */
export function DegreesLevel({ campus, q, page }: { campus: CampusItem; q: string; page: number }) {
  const navigate = useNavigate();
  const list = useDegrees(campus.id, q, page);
  const campusDialog = useDialog<true>();
  const degreeDialog = useDialog<{ degree: DegreeItem | null }>();
  const callDialog = useDialog<{ call: CallItem | null; degree: NamedEntry | null }>();
  const deleting = useDialog<DeleteTarget>();
  const hasDegrees = campus.degreeCount > 0;

  return (
    <section aria-labelledby="catalogue-level" className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="catalogue-level" className="text-xl font-bold break-words text-slate-900">
            {campus.name}
          </h2>
          <p className="text-sm text-slate-700">
            {campus.university ? `${campus.university.name} · ` : ''}
            {countOf(campus.degreeCount, 'grado', 'grados')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => campusDialog.open(true)}>
            Editar campus
          </Button>
          <Button
            variant="secondary"
            onClick={() => deleting.open({ kind: 'campus', entry: campus })}
          >
            Borrar campus
          </Button>
        </div>
      </div>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 className="text-lg font-bold text-slate-900">Grados y convocatorias</h3>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => degreeDialog.open({ degree: null })}>Nuevo grado</Button>
          {hasDegrees ? (
            <Button
              variant="secondary"
              onClick={() => callDialog.open({ call: null, degree: null })}
            >
              Nueva convocatoria
            </Button>
          ) : null}
        </div>
      </div>
      <SearchBox
        q={q}
        label="Buscar grados"
        hint="Busca por el nombre del grado o del máster."
        onSearch={(words) => void navigate(browseHref({ campusId: campus.id, q: words }))}
      />
      {list.isPending ? (
        <LoadingStatus />
      ) : list.isError ? (
        <ListError
          message="No se han podido cargar los grados. Inténtalo de nuevo en unos minutos."
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <EmptyList
          action={
            q || page > 1 ? (
              <ButtonLink to={browseHref({ campusId: campus.id })} variant="secondary">
                Ver todos sus grados
              </ButtonLink>
            ) : (
              <Button onClick={() => degreeDialog.open({ degree: null })}>Nuevo grado</Button>
            )
          }
        >
          {q
            ? `Ningún grado de este campus coincide con «${q}».`
            : page > 1
              ? 'Esta página no tiene grados.'
              : 'Este campus todavía no ofrece ningún grado. Crea el primero.'}
        </EmptyList>
      ) : (
        <>
          <ListCount>{countOf(list.data.pagination.total, 'grado', 'grados')}</ListCount>
          <ul aria-label="Grados" className="flex flex-col gap-4">
            {list.data.items.map((degree) => (
              <DegreeCard
                key={degree.id}
                degree={degree}
                campusId={campus.id}
                onEdit={() => degreeDialog.open({ degree })}
                onDelete={() => deleting.open({ kind: 'degree', entry: degree })}
                onNewCall={() => callDialog.open({ call: null, degree })}
                onEditCall={(call) => callDialog.open({ call, degree })}
                onDeleteCall={(call) => deleting.open({ kind: 'call', entry: call })}
              />
            ))}
          </ul>
          <Pagination
            page={list.data.pagination.page}
            pageCount={list.data.pagination.pageCount}
            hrefFor={(n) => browseHref({ campusId: campus.id, q, page: n })}
          />
        </>
      )}

      <CampusFormDialog
        isOpen={campusDialog.isOpen}
        campus={campus}
        university={campus.university}
        onClose={campusDialog.close}
      />
      <DegreeFormDialog
        isOpen={degreeDialog.isOpen}
        degree={degreeDialog.value?.degree ?? null}
        campus={campus}
        university={campus.university}
        onClose={degreeDialog.close}
      />
      <CallFormDialog
        isOpen={callDialog.isOpen}
        call={callDialog.value?.call ?? null}
        campus={campus}
        degree={callDialog.value?.degree ?? null}
        onClose={callDialog.close}
      />
      <DeleteDialog
        isOpen={deleting.isOpen}
        target={deleting.value}
        onClose={deleting.close}
        onDeleted={(target) => {
          // The campus shown is gone: back to its university's campuses.
          if (target.kind === 'campus') {
            void navigate(
              campus.university ? browseHref({ universityId: campus.university.id }) : '?',
              { replace: true },
            );
          }
        }}
      />
    </section>
  );
}

function DegreeCard({
  degree,
  campusId,
  onEdit,
  onDelete,
  onNewCall,
  onEditCall,
  onDeleteCall,
}: {
  degree: DegreeItem;
  campusId: number;
  onEdit: () => void;
  onDelete: () => void;
  onNewCall: () => void;
  onEditCall: (call: CallItem) => void;
  onDeleteCall: (call: CallItem) => void;
}) {
  const headingId = useId();
  const elsewhere = degree.campuses.filter((campus) => campus.id !== campusId);
  const years = durationText(degree.duration);
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <h4 id={headingId} className="text-base font-semibold break-words text-slate-900">
            {degree.name}
          </h4>
          <div className="flex flex-wrap items-center gap-2">
            <span className={BADGE}>{degree.master ? 'Máster' : 'Grado'}</span>
            <span className={BADGE}>{years ?? 'Duración sin indicar'}</span>
          </div>
          {elsewhere.length > 0 ? (
            <p className="text-sm text-slate-700">
              También lo {elsewhere.length === 1 ? 'ofrece' : 'ofrecen'}:{' '}
              {elsewhere.map((campus) => campus.name).join(', ')}
            </p>
          ) : null}
        </div>
        <EditDeleteActions
          entry={`el grado «${degree.name}»`}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      </div>

      <div className="flex flex-col gap-2 border-t border-slate-200 pt-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h5 className="text-sm font-bold text-slate-900">Convocatorias</h5>
          <Button
            variant="secondary"
            aria-label={`Nueva convocatoria de «${degree.name}»`}
            onClick={onNewCall}
          >
            Nueva convocatoria
          </Button>
        </div>
        {degree.calls.length === 0 ? (
          <p className="text-sm text-slate-700">Este grado no tiene convocatorias.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {degree.calls.map((call) => (
              <CallRow
                key={call.id}
                call={call}
                degreeId={degree.id}
                onEdit={() => onEditCall(call)}
                onDelete={() => onDeleteCall(call)}
              />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

function CallRow({
  call,
  degreeId,
  onEdit,
  onDelete,
}: {
  call: CallItem;
  degreeId: number;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const others = call.degrees.filter((degree) => degree.id !== degreeId);
  return (
    <li className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="text-sm font-semibold break-words text-slate-900">{call.name}</p>
        <p className="text-sm text-slate-700">{periodText(call.start, call.end)}</p>
        {call.description ? (
          <p className="text-sm break-words whitespace-pre-line text-slate-700">
            {call.description}
          </p>
        ) : null}
        {others.length > 0 ? (
          <p className="text-sm text-slate-700">
            También para: {others.map((degree) => degree.name).join(', ')}
          </p>
        ) : null}
      </div>
      <EditDeleteActions
        entry={`la convocatoria «${call.name}»`}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    </li>
  );
}

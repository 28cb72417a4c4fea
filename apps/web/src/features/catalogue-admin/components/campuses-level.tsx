import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { Pagination } from '../../../components/ui/pagination';
import { SearchBox } from '../../../components/ui/search-box';
import { useCampuses } from '../api/get-campuses';
import type { CampusItem, DeleteTarget, NamedEntry } from '../types';
import { browseHref } from '../utils/browse-params';
import { countOf } from '../utils/texts';
import { CampusFormDialog } from './campus-form';
import { DeleteDialog } from './delete-dialog';
import { EditDeleteActions, EmptyList, ListCount, ListError } from './list-states';
import { useDialog } from './use-dialog';

/** A university's campuses, searched by name, each leading to its degrees. */
export function CampusesLevel({
  university,
  q,
  page,
}: {
  university: NamedEntry;
  q: string;
  page: number;
}) {
  const navigate = useNavigate();
  const list = useCampuses(university.id, q, page);
  const editing = useDialog<{ campus: CampusItem | null }>();
  const deleting = useDialog<DeleteTarget>();

  return (
    <section aria-labelledby="catalogue-level" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="catalogue-level" className="text-xl font-bold break-words text-slate-900">
          {university.name}
        </h2>
        <Button onClick={() => editing.open({ campus: null })}>Nuevo campus</Button>
      </div>
      <SearchBox
        q={q}
        label="Buscar campus"
        hint="Busca por el nombre del campus o de la facultad."
        onSearch={(words) => void navigate(browseHref({ universityId: university.id, q: words }))}
      />
      {list.isPending ? (
        <LoadingStatus />
      ) : list.isError ? (
        <ListError
          message="No se han podido cargar los campus. Inténtalo de nuevo en unos minutos."
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <EmptyList
          action={
            q || page > 1 ? (
              <ButtonLink to={browseHref({ universityId: university.id })} variant="secondary">
                Ver todos sus campus
              </ButtonLink>
            ) : (
              <Button onClick={() => editing.open({ campus: null })}>Nuevo campus</Button>
            )
          }
        >
          {q
            ? `Ningún campus de esta universidad coincide con «${q}».`
            : page > 1
              ? 'Esta página no tiene campus.'
              : 'Esta universidad todavía no tiene campus. Crea el primero.'}
        </EmptyList>
      ) : (
        <>
          <ListCount>{countOf(list.data.pagination.total, 'campus', 'campus')}</ListCount>
          <ul aria-labelledby="catalogue-level" className="flex flex-col gap-3">
            {list.data.items.map((campus) => (
              <li
                key={campus.id}
                className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <Link
                    to={browseHref({ campusId: campus.id })}
                    className="text-base font-semibold break-words text-main-ink underline-offset-2 hover:underline"
                  >
                    {campus.name}
                  </Link>
                  <p className="text-sm text-slate-700">
                    {countOf(campus.degreeCount, 'grado', 'grados')}
                  </p>
                </div>
                <EditDeleteActions
                  entry={`el campus «${campus.name}»`}
                  onEdit={() => editing.open({ campus })}
                  onDelete={() => deleting.open({ kind: 'campus', entry: campus })}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={list.data.pagination.page}
            pageCount={list.data.pagination.pageCount}
            hrefFor={(n) => browseHref({ universityId: university.id, q, page: n })}
          />
        </>
      )}
      <CampusFormDialog
        isOpen={editing.isOpen}
        campus={editing.value?.campus ?? null}
        university={university}
        onClose={editing.close}
      />
      <DeleteDialog isOpen={deleting.isOpen} target={deleting.value} onClose={deleting.close} />
    </section>
  );
}

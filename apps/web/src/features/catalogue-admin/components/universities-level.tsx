import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { Pagination } from '../../../components/ui/pagination';
import { SearchBox } from '../../../components/ui/search-box';
import { useUniversities } from '../api/get-universities';
import { browseHref } from '../utils/browse-params';
import { LOAD_TEXTS } from '../utils/load-texts';
import { countOf } from '../utils/texts';
import { CampusFormDialog } from './campus-form';
import { EmptyList, ListCount, ListError } from './list-states';

/** The first list: the universities, searched by name, each leading to its campuses. */
export function UniversitiesLevel({ q, page }: { q: string; page: number }) {
  const navigate = useNavigate();
  const list = useUniversities(q, page);
  const [isCreating, setIsCreating] = useState(false);

  return (
    <section aria-labelledby="catalogue-level" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="catalogue-level" className="text-xl font-bold text-slate-900">
          Universidades
        </h2>
        <div className="flex flex-wrap gap-2">
          {/* ADR 0065: a whole catalogue (80 degrees) is loaded from a file, not typed. */}
          <ButtonLink to="/campus/load" variant="secondary">
            {LOAD_TEXTS.openLoad}
          </ButtonLink>
          <Button onClick={() => setIsCreating(true)}>Nuevo campus</Button>
        </div>
      </div>
      <SearchBox
        q={q}
        label="Buscar universidades"
        hint="Busca por el nombre de la universidad."
        onSearch={(words) => void navigate(browseHref({ q: words }))}
      />
      {list.isPending ? (
        <LoadingStatus />
      ) : list.isError ? (
        <ListError
          message="No se han podido cargar las universidades. Inténtalo de nuevo en unos minutos."
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <EmptyList
          action={
            q || page > 1 ? (
              <ButtonLink to="?" variant="secondary">
                Ver todas las universidades
              </ButtonLink>
            ) : (
              <ButtonLink to="/campus/load">{LOAD_TEXTS.openLoad}</ButtonLink>
            )
          }
        >
          {q
            ? `Ninguna universidad coincide con «${q}».`
            : page > 1
              ? 'Esta página no tiene universidades.'
              : `Todavía no hay universidades en el catálogo. ${LOAD_TEXTS.emptyCatalogueLoad}`}
        </EmptyList>
      ) : (
        <>
          <ListCount>
            {countOf(list.data.pagination.total, 'universidad', 'universidades')}
          </ListCount>
          <ul aria-labelledby="catalogue-level" className="grid gap-3 md:grid-cols-2">
            {list.data.items.map((university) => (
              <li
                key={university.id}
                className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <Link
                  to={browseHref({ universityId: university.id })}
                  className="text-base font-semibold break-words text-main-ink underline-offset-2 hover:underline"
                >
                  {university.name}
                </Link>
                <p className="text-sm text-slate-700">
                  {countOf(university.campusCount, 'campus', 'campus')}
                </p>
              </li>
            ))}
          </ul>
          <Pagination
            page={list.data.pagination.page}
            pageCount={list.data.pagination.pageCount}
            hrefFor={(n) => browseHref({ q, page: n })}
          />
        </>
      )}
      <CampusFormDialog
        isOpen={isCreating}
        campus={null}
        university={null}
        onClose={() => setIsCreating(false)}
      />
    </section>
  );
}

import { useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { Pagination } from '../../../components/ui/pagination';
import { showToast } from '../../../components/ui/toast';
import { useResources } from '../../../entities/resource/api/get-resources';
import type { ResourceItem } from '../../../entities/resource/types';
import { formatLongDate } from '../../../lib/dates';
import { useSaveResource } from '../api/save-resource';

/** Resources a page of the admins' list shows. */
export const ADMIN_RESOURCES_PAGE_SIZE = 20;

/** The confirmations of publishing and of making a draft (ADR 0035 toasts). */
export const publishedToast = (title: string) =>
  `Has publicado «${title}». Ya aparece en Recursos.`;
export const draftToast = (title: string) =>
  `«${title}» es ahora un borrador: ya no aparece en Recursos.`;

function StateBadge({ isPublished }: { isPublished: boolean }) {
  return (
    <span
      className={
        isPublished
          ? 'rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-900 ring-1 ring-green-300 ring-inset'
          : 'rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset'
      }
    >
      <span className="sr-only">Estado: </span>
      {isPublished ? 'Publicado' : 'Borrador'}
    </span>
  );
}

function ResourceRow({
  resource,
  onPublish,
  isPending,
  isDisabled,
}: {
  resource: ResourceItem;
  onPublish: (publish: boolean) => void;
  isPending: boolean;
  isDisabled: boolean;
}) {
  const isPublished = resource.publishedAt !== null;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:p-5">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <StateBadge isPublished={isPublished} />
          {resource.isPopular ? (
            <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
              Popular
            </span>
          ) : null}
        </div>
        <h2 className="text-base font-semibold text-balance text-slate-900">
          <Link
            to={`/admin/recursos/${resource.id}`}
            className="text-main-ink underline-offset-2 hover:underline"
          >
            {resource.title}
          </Link>
        </h2>
        <p className="text-sm text-slate-700">
          {resource.visits === 1 ? '1 visita' : `${resource.visits} visitas`}
          {resource.updatedAt ? (
            <>
              {' · '}Editado el{' '}
              <time dateTime={resource.updatedAt}>{formatLongDate(resource.updatedAt)}</time>
            </>
          ) : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <ButtonLink
          to={`/admin/recursos/${resource.id}`}
          variant="secondary"
          aria-label={`Editar: ${resource.title}`}
        >
          Editar
        </ButtonLink>
        {isPublished ? (
          <ButtonLink
            to={`/resources/${resource.id}`}
            variant="secondary"
            aria-label={`Ver en la web: ${resource.title}`}
          >
            Ver
          </ButtonLink>
        ) : null}
        <Button
          variant={isPublished ? 'secondary' : 'primary'}
          isPending={isPending}
          disabled={isDisabled}
          aria-label={`${isPublished ? 'Pasar a borrador' : 'Publicar'}: ${resource.title}`}
          onClick={() => onPublish(!isPublished)}
        >
          {isPublished ? 'Pasar a borrador' : 'Publicar'}
        </Button>
      </div>
    </li>
  );
}

/**
 * `/admin/recursos`: every resource, published or draft, the last edited first, with its state,
 * its visits and the ways to edit, publish or make it a draft again (ADR 0041). The page is in
 * the URL.
 */
export function ResourcesAdminList() {
  const [params] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const list = useResources({
    sort: 'updated',
    page,
    pageSize: ADMIN_RESOURCES_PAGE_SIZE,
    includeDrafts: true,
  });
  const save = useSaveResource();
  const headingId = useId();
  const resultRef = useRef<HTMLDivElement>(null);

  function setPublished(resource: ResourceItem, publish: boolean) {
    save.mutate(
      { id: resource.id, data: { publishedAt: publish ? new Date().toISOString() : null } },
      {
        onSuccess: () =>
          showToast(publish ? publishedToast(resource.title) : draftToast(resource.title)),
        onError: () => setTimeout(() => resultRef.current?.focus(), 0),
      },
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-3 py-5 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1
            id={headingId}
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            Recursos
          </h1>
          <p className="max-w-2xl text-base text-slate-700">
            Guías y plantillas para los estudiantes. Los borradores solo los ve la administración;
            al publicarlos aparecen en Recursos.
          </p>
        </div>
        <ButtonLink to="/admin/recursos/nuevo">Nuevo recurso</ButtonLink>
      </div>
      <div ref={resultRef} tabIndex={-1} className="focus:outline-none">
        {save.isError ? (
          <Alert tone="error">
            No se ha podido cambiar el estado del recurso: {save.error.message}
          </Alert>
        ) : null}
      </div>
      {list.isPending ? (
        <LoadingStatus />
      ) : list.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>No se han podido cargar los recursos. Inténtalo de nuevo en unos minutos.</span>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : list.data.resources.length === 0 && page > 1 ? (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center">
          <p className="max-w-md text-base text-slate-700">Esta página no tiene recursos.</p>
          <ButtonLink to="?" variant="secondary">
            Ir a la primera página
          </ButtonLink>
        </div>
      ) : list.data.resources.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center">
          <p className="max-w-md text-base text-slate-700">
            Todavía no hay ningún recurso. Crea el primero: una guía, una plantilla o unos consejos
            para alguna etapa del TFG o TFM.
          </p>
          <ButtonLink to="/admin/recursos/nuevo">Nuevo recurso</ButtonLink>
        </div>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-700">
            {list.data.pagination.total === 1
              ? '1 recurso'
              : `${list.data.pagination.total} recursos`}
          </p>
          <ul aria-labelledby={headingId} className="flex flex-col gap-3">
            {list.data.resources.map((resource) => (
              <ResourceRow
                key={resource.id}
                resource={resource}
                isPending={save.isPending && save.variables.id === resource.id}
                isDisabled={save.isPending}
                onPublish={(publish) => setPublished(resource, publish)}
              />
            ))}
          </ul>
          <Pagination
            page={list.data.pagination.page}
            pageCount={list.data.pagination.pageCount}
            hrefFor={(n) => (n > 1 ? `?page=${n}` : '?')}
          />
        </>
      )}
    </div>
  );
}

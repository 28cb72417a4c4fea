import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { showToast } from '../../../components/ui/toast';
import { useSavedResources } from '../../../entities/student-favorites/api/get-favorite-resources';
import { useToggleFavoriteResource } from '../../../entities/student-favorites/api/toggle-favorite-resource';
import { ResourcePicture } from './resource-picture';
import { SAVED_RESOURCES_TITLE } from './save-resource-toggle';

interface SavedResourcesProps {
  studentId: number;
  /** Whether /resources is open to them (the resources switch): links to the pages then. */
  canBrowseResources: boolean;
  /** The level of the list's heading, under the page's own headings. */
  headingLevel?: 2 | 3;
}

/**
 * "Recursos guardados", for the student's profile: the resources they saved (spec §3
 * Student.favorites_resources), each with its picture, a link to its page and "Quitar de
 * guardados". Unsaving is undone by saving again, so it asks for no confirmation; it is confirmed
 * with a toast (ADR 0035) and, since the button leaves with its resource, the focus goes to the
 * list.
 */
export function SavedResources({
  studentId,
  canBrowseResources,
  headingLevel = 2,
}: SavedResourcesProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const ItemHeading = headingLevel === 2 ? 'h3' : 'h4';
  const headingId = useId();
  const saved = useSavedResources(studentId);
  const unsave = useToggleFavoriteResource();
  const listRef = useRef<HTMLDivElement>(null);

  let body;
  if (saved.isPending) body = <LoadingStatus />;
  else if (saved.isError) {
    body = (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>
          No se han podido cargar tus recursos guardados. Inténtalo de nuevo en unos minutos.
        </span>
        <Button variant="secondary" onClick={() => void saved.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  } else if (saved.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-8 text-center">
        <p className="max-w-md text-base text-slate-700">
          Todavía no has guardado ningún recurso. Guarda las guías y plantillas que te sirvan y las
          tendrás siempre a mano aquí.
        </p>
        {canBrowseResources ? <ButtonLink to="/resources">Ver recursos</ButtonLink> : null}
      </div>
    );
  } else {
    body = (
      <>
        {unsave.isError ? (
          <Alert tone="error">
            No se ha podido quitar el recurso de tus guardados. Inténtalo de nuevo en unos minutos.
          </Alert>
        ) : null}
        <ul className="flex flex-col gap-3">
          {saved.data.map((resource) => (
            <li
              key={resource.id}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:p-5"
            >
              <ResourcePicture
                picture={resource.picture}
                title={resource.title}
                variant="card"
                className="shrink-0 rounded-lg sm:w-40"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <ItemHeading className="text-base font-semibold text-balance text-slate-900">
                  {canBrowseResources ? (
                    <Link
                      to={`/resources/${resource.id}`}
                      className="text-main-ink underline-offset-2 hover:underline"
                    >
                      {resource.title}
                    </Link>
                  ) : (
                    resource.title
                  )}
                </ItemHeading>
                {resource.introduction ? (
                  <p className="line-clamp-2 text-sm text-slate-700">{resource.introduction}</p>
                ) : null}
                <div>
                  <Button
                    variant="secondary"
                    isPending={unsave.isPending && unsave.variables.resourceId === resource.id}
                    aria-label={`Quitar de guardados: ${resource.title}`}
                    onClick={() =>
                      unsave.mutate(
                        { studentId, resourceId: resource.id, save: false },
                        {
                          onSuccess: () => {
                            showToast(`Has quitado «${resource.title}» de tus recursos guardados.`);
                            // The button is gone with its item: keep the focus in the list.
                            listRef.current?.focus();
                          },
                        },
                      )
                    }
                  >
                    Quitar de guardados
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <Heading id={headingId} className="text-lg font-bold text-slate-900">
        {SAVED_RESOURCES_TITLE}
      </Heading>
      <div ref={listRef} tabIndex={-1} className="flex flex-col gap-3 focus:outline-none">
        {body}
      </div>
    </section>
  );
}

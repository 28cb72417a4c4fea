import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { ApiError } from '../../../lib/api-client';
import { useCampus } from '../api/get-campuses';
import { useUniversity } from '../api/get-universities';
import type { NamedEntry } from '../types';
import { browseHref, readBrowseState } from '../utils/browse-params';
import { CampusesLevel } from './campuses-level';
import { DegreesLevel } from './degrees-level';
import { EmptyList, ListError } from './list-states';
import { UniversitiesLevel } from './universities-level';

/**
 * `/campus`, "Facultades y Grados" (spec §2, ADR 0047): the admins browse universities →
 * campuses → degrees → calls, search each list by name, create and edit campuses, degrees and
 * calls, and delete them after a confirmation that says what the delete touches. Where they are
 * is in the URL.
 */
export function CatalogueAdminScreen() {
  const [params] = useSearchParams();
  const state = readBrowseState(params);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-3 py-5 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Facultades y Grados
        </h1>
        <p className="max-w-2xl text-base text-slate-700">
          Las universidades, sus campus y facultades, los grados que ofrece cada uno y sus
          convocatorias.
        </p>
      </div>
      {state.campusId !== null ? (
        <CampusPlace campusId={state.campusId} q={state.q} page={state.page} />
      ) : state.universityId !== null ? (
        <UniversityPlace universityId={state.universityId} q={state.q} page={state.page} />
      ) : (
        <UniversitiesLevel q={state.q} page={state.page} />
      )}
    </div>
  );
}

const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

function UniversityPlace({
  universityId,
  q,
  page,
}: {
  universityId: number;
  q: string;
  page: number;
}) {
  const university = useUniversity(universityId);
  if (university.isPending) return <LoadingStatus />;
  if (university.isError) {
    return isMissing(university.error) ? (
      <Gone>No se ha encontrado esta universidad: puede que se haya borrado.</Gone>
    ) : (
      <ListError
        message="No se ha podido cargar la universidad. Inténtalo de nuevo en unos minutos."
        onRetry={() => void university.refetch()}
      />
    );
  }
  return (
    <>
      <Breadcrumb trail={[{ entry: university.data }]} />
      <CampusesLevel university={university.data} q={q} page={page} />
    </>
  );
}

function CampusPlace({ campusId, q, page }: { campusId: number; q: string; page: number }) {
  const campus = useCampus(campusId);
  if (campus.isPending) return <LoadingStatus />;
  if (campus.isError) {
    return isMissing(campus.error) ? (
      <Gone>No se ha encontrado este campus: puede que se haya borrado.</Gone>
    ) : (
      <ListError
        message="No se ha podido cargar el campus. Inténtalo de nuevo en unos minutos."
        onRetry={() => void campus.refetch()}
      />
    );
  }
  const { university } = campus.data;
  return (
    <>
      <Breadcrumb
        trail={[
          ...(university
            ? [{ entry: university, href: browseHref({ universityId: university.id }) }]
            : []),
          { entry: campus.data },
        ]}
      />
      <DegreesLevel campus={campus.data} q={q} page={page} />
    </>
  );
}

function Gone({ children }: { children: string }) {
  return (
    <EmptyList
      action={
        <ButtonLink to="?" variant="secondary">
          Ver las universidades
        </ButtonLink>
      }
    >
      {children}
    </EmptyList>
  );
}

/**
 * Where the admin is below the universities: "Universidades › Universidad de Murcia › Facultad
 * de Educación", each step a link but the last, which is the page shown (aria-current).
 */
function Breadcrumb({ trail }: { trail: { entry: NamedEntry; href?: string }[] }) {
  const steps = [{ name: 'Universidades', href: '?' as string | undefined }].concat(
    trail.map(({ entry, href }) => ({ name: entry.name, href })),
  );
  return (
    <nav aria-label="Ruta">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
        {steps.map((step, index) => (
          <li key={`${index}-${step.name}`} className="flex min-w-0 items-center gap-2">
            {index > 0 ? <span aria-hidden="true">›</span> : null}
            {step.href !== undefined ? (
              <Link
                to={step.href}
                className="break-words text-main-ink underline underline-offset-2"
              >
                {step.name}
              </Link>
            ) : (
              <span aria-current="page" className="font-semibold break-words text-slate-900">
                {step.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

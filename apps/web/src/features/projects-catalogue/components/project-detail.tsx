import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import type { OwnApplication } from '../../../entities/application/types';
import type { ProjectDetail } from '../../../entities/project/types';
import type { CatalogueViewer } from '../types';
import { formatDate, isDeadlinePassed } from '../utils/project-facts';
import { Badge, ProjectStatusBadge } from './badges';
import { OdsTiles } from '../../../components/ui/ods-tiles';
import { SaveToggle } from './save-toggle';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm font-semibold text-slate-900">{label}</dt>
      <dd className="text-sm text-slate-800">{children}</dd>
    </div>
  );
}

function TextBlock({ title, text }: { title: string; text: string | null }) {
  if (!text?.trim()) return null;
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <p className="text-base whitespace-pre-line text-slate-800">{text}</p>
    </section>
  );
}

const yesNo = (value: boolean, yes: string) => (value ? yes : 'No');
const list = (values: string[]) => (values.length > 0 ? values.join(', ') : null);

interface ApplyPanelProps {
  project: ProjectDetail;
  viewer: CatalogueViewer;
  application: OwnApplication | null | undefined;
  isSaved: boolean;
  loginHref: string;
  applyHref: string;
}

/** Where the student applies and saves; visitors are invited to sign in. */
function ApplyPanel({
  project,
  viewer,
  application,
  isSaved,
  loginHref,
  applyHref,
}: ApplyPanelProps) {
  const reasonId = useId();
  const deadline = formatDate(project.application_deadline);
  const isClosed = isDeadlinePassed(project.application_deadline) || project.status !== 'Publicada';

  let action: ReactNode = null;
  if (viewer.role === 'visitor') {
    action = <ButtonLink to={loginHref}>Inicia sesión para inscribirte</ButtonLink>;
  } else if (viewer.role === 'student') {
    const reason = application
      ? `Ya te has inscrito en este proyecto. Estado de tu candidatura: ${application.status}.`
      : isClosed
        ? 'El plazo de inscripción de este proyecto ha terminado.'
        : null;
    action = (
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start gap-2">
          {reason || application === undefined ? (
            <Button disabled aria-describedby={reason ? reasonId : undefined}>
              Inscribirme
            </Button>
          ) : (
            <ButtonLink to={applyHref}>Inscribirme</ButtonLink>
          )}
          {viewer.studentId !== null ? (
            <SaveToggle
              studentId={viewer.studentId}
              projectId={project.id}
              projectTitle={project.title}
              isSaved={isSaved}
              className="py-2.5"
            />
          ) : null}
        </div>
        {reason ? (
          <p id={reasonId} className="text-sm text-slate-700">
            {reason}
          </p>
        ) : null}
      </div>
    );
  } else if (viewer.role === 'other') {
    action = (
      <p className="text-sm text-slate-700">
        Solo los estudiantes pueden inscribirse en los proyectos.
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="text-lg font-bold text-slate-900">Inscripción</h2>
      <p className="text-sm text-slate-800">
        {deadline ? (
          <>
            Plazo de inscripción: hasta el <strong>{deadline}</strong>
          </>
        ) : (
          'Inscripción abierta mientras el proyecto esté publicado.'
        )}
      </p>
      {action}
    </div>
  );
}

function OrganizationBlock({
  organization,
}: {
  organization: NonNullable<ProjectDetail['organization']>;
}) {
  return (
    <section
      aria-labelledby="proyecto-organizacion"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="proyecto-organizacion" className="text-lg font-bold text-slate-900">
        Organización
      </h2>
      <div className="flex items-center gap-3">
        {organization.logoUrl ? (
          <img
            src={organization.logoUrl}
            alt={`Logo de ${organization.name}`}
            className="size-14 shrink-0 rounded-lg border border-slate-200 bg-white object-contain p-1"
          />
        ) : null}
        <p className="text-base font-semibold text-slate-900">{organization.name}</p>
      </div>
      {organization.description ? (
        <p className="text-sm whitespace-pre-line text-slate-700">{organization.description}</p>
      ) : null}
      {organization.web ? (
        <a
          href={organization.web}
          target="_blank"
          rel="noopener noreferrer"
          className="self-start text-sm font-semibold break-all text-main-ink underline underline-offset-2"
        >
          Web de {organization.name}
          <span className="sr-only"> (se abre en otra pestaña)</span>
        </a>
      ) : null}
    </section>
  );
}

export interface ProjectDetailViewProps extends Omit<ApplyPanelProps, 'project'> {
  project: ProjectDetail;
  /** The admins' workflow actions, composed by the route. */
  adminPanel?: ReactNode;
  /** The catalogue to go back to (the search the project was opened from). */
  backHref: string;
}

/**
 * A project's page: every field with its Spanish label, the organisation, the ODS with their
 * explanation, the deadline and, for students, "Inscribirme" and "Guardar".
 */
export function ProjectDetailView({
  project,
  adminPanel,
  backHref,
  ...apply
}: ProjectDetailViewProps) {
  const showStatus = apply.viewer.role === 'admin' || project.status !== 'Publicada';

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-3 py-5 sm:px-6 sm:py-10">
      <Link
        to={backHref}
        className="self-start text-sm font-semibold text-main-ink underline underline-offset-2"
      >
        Volver a los proyectos
      </Link>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          {showStatus ? <ProjectStatusBadge status={project.status} /> : null}
          {project.type ? (
            <span className="inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset">
              {project.type}
            </span>
          ) : null}
          {apply.application ? <Badge tone="applied">Inscrito</Badge> : null}
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
          {project.title}
        </h1>
        <p className="text-base text-slate-700">
          {[project.organization?.name, project.teacher_name && `Docente: ${project.teacher_name}`]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </header>

      {project.status === 'Rechazada' && project.rejection_reason ? (
        <Alert tone="info">
          <strong>Motivo del rechazo:</strong> {project.rejection_reason}
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-4 lg:col-start-2 lg:row-start-1">
          {adminPanel}
          <ApplyPanel project={project} {...apply} />
          {project.organization ? <OrganizationBlock organization={project.organization} /> : null}
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          <TextBlock title="Descripción" text={project.description} />
          <TextBlock title="Objetivos" text={project.objectives} />

          {project.ods.length > 0 || project.ods_explanation ? (
            <section className="flex flex-col gap-3">
              <h2 className="text-lg font-bold text-slate-900">
                Objetivos de Desarrollo Sostenible
              </h2>
              <OdsTiles ods={project.ods} />
              {project.ods_explanation ? (
                <p className="text-base whitespace-pre-line text-slate-800">
                  {project.ods_explanation}
                </p>
              ) : null}
            </section>
          ) : null}

          <TextBlock title="Perfil académico" text={project.academic_profile} />
          <TextBlock title="Requisitos" text={project.requirements} />
          <TextBlock title="Metodología de trabajo" text={project.working_method} />

          <section className="flex flex-col gap-3">
            <h2 className="text-lg font-bold text-slate-900">Datos del proyecto</h2>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Fact label="Tipo de proyecto">{project.type}</Fact>
              <Fact label="Presencialidad">{project.presentiality}</Fact>
              <Fact label="Provincia">{project.location}</Fact>
              <Fact label="Localidad">{project.locality}</Fact>
              <Fact label="Dedicación">{project.dedication}</Fact>
              <Fact label="Idioma">{project.language}</Fact>
              <Fact label="Remuneración">{yesNo(project.remuneration, 'Sí, remunerado')}</Fact>
              <Fact label="Prácticas">
                {yesNo(project.internship, 'Sí, con convenio de prácticas')}
              </Fact>
              <Fact label="Áreas de estudio">{list(project.study_areas)}</Fact>
              <Fact label="Subáreas de estudio">{list(project.study_subareas)}</Fact>
              <Fact label="Plazo de inscripción">{formatDate(project.application_deadline)}</Fact>
              <Fact label="Docente responsable">{project.teacher_name}</Fact>
            </dl>
            {project.tags.length > 0 ? (
              <div className="flex flex-col gap-1.5">
                <h3 className="text-sm font-semibold text-slate-900">Etiquetas</h3>
                <ul className="flex flex-wrap gap-1.5">
                  {project.tags.map((tag) => (
                    <li
                      key={tag}
                      className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-800"
                    >
                      {tag}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </section>
        </div>
      </div>
    </div>
  );
}

import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApplicationStatusBadge } from '../../../entities/application/components/application-status-badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { formatPhone, type ProgressMilestone } from '@plataforma/shared';
import {
  ProgressChecklist,
  toProgressState,
} from '../../../entities/project-progress/components/progress-checklist';
import { useTeacherDashboard } from '../api/get-teacher-dashboard';
import { useTickMilestone } from '../api/tick-milestone';
import type { TeacherDashboard, TutoredStudent } from '../types';
import { nextMilestoneLabel, reviewPath, sortByPending } from '../utils/dashboard';

const DAY = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric' });
const formatDay = (iso: string) => DAY.format(new Date(iso));

/**
 * /teachers/dashboard (spec §2 "Panel de Control"): the teacher's figures, their projects with
 * the candidates to review, the latest applications waiting for a decision and the students
 * they tutor, whose progress milestones they tick here (ADR 0029).
 */
export function DashboardScreen({
  canPublish,
  publishRefusal = null,
}: {
  canPublish: boolean;
  /** Why the teacher may not publish yet (their verification, ADR 0051), shown in its place. */
  publishRefusal?: string | null;
}) {
  const dashboard = useTeacherDashboard();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-3 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Panel de Control
          </h1>
          <p className="text-base text-slate-700">
            Tus proyectos, las candidaturas que esperan respuesta y el avance de quienes tutorizas.
          </p>
        </div>
        {canPublish ? <ButtonLink to="/projects/create">Publica tu proyecto</ButtonLink> : null}
      </header>
      {publishRefusal ? <Alert tone="info">{publishRefusal}</Alert> : null}
      {dashboard.isPending ? (
        <LoadingStatus />
      ) : dashboard.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>No se ha podido cargar tu panel. Inténtalo de nuevo en unos minutos.</span>
          <Button variant="secondary" onClick={() => void dashboard.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : (
        <DashboardContent dashboard={dashboard.data} />
      )}
    </div>
  );
}

function DashboardContent({ dashboard }: { dashboard: TeacherDashboard }) {
  const { counts } = dashboard;
  return (
    <>
      <section aria-labelledby="panel-resumen">
        <h2 id="panel-resumen" className="sr-only">
          Resumen
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Proyectos" value={counts.projects} />
          <Figure label="Publicados" value={counts.published} />
          <Figure label="Candidaturas por revisar" value={counts.pendingCandidates} />
          <Figure label="Estudiantes tutorizados" value={counts.tutored} />
        </dl>
      </section>
      <ProjectsSection dashboard={dashboard} />
      <CandidatesSection dashboard={dashboard} />
      <TutoredSection tutored={dashboard.tutored} />
    </>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col-reverse gap-1 rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-3xl font-bold text-slate-900">{value.toLocaleString('es-ES')}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-8 text-center text-base text-slate-700">
      {children}
    </p>
  );
}

const TH = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';
const TD = 'px-3 py-3 align-top text-sm text-slate-900';

/**
 * The teacher's projects: a table from the `md` width, where its five columns fit; below it, one
 * card per project, so a phone shows every figure and link without scrolling sideways.
 */
function ProjectsSection({ dashboard }: { dashboard: TeacherDashboard }) {
  const projects = sortByPending(dashboard.projects);
  return (
    <Section id="panel-proyectos" title="Tus proyectos">
      {projects.length === 0 ? (
        <Empty>Todavía no has creado ningún proyecto.</Empty>
      ) : (
        <>
          <ProjectCards projects={projects} />
          <ProjectTable projects={projects} />
        </>
      )}
    </Section>
  );
}

type DashboardProject = TeacherDashboard['projects'][number];

function Deadline({ iso }: { iso: string }) {
  return (
    <>
      Plazo: <time dateTime={iso}>{formatDay(iso)}</time>
    </>
  );
}

function ReviewLink({ project }: { project: DashboardProject }) {
  if (project.candidates.total === 0) return null;
  return (
    <Link
      to={reviewPath(project.id)}
      aria-label={`Ver candidaturas de ${project.title}`}
      className="font-semibold text-slate-900 underline underline-offset-2"
    >
      Ver candidaturas
    </Link>
  );
}

function ProjectCards({ projects }: { projects: DashboardProject[] }) {
  return (
    <ul aria-label="Tus proyectos y sus candidaturas" className="flex flex-col gap-3 md:hidden">
      {projects.map((p) => (
        <li
          key={p.id}
          className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
        >
          <div className="flex flex-col gap-1">
            <h3 className="text-base font-semibold break-words text-slate-900">{p.title}</h3>
            {p.application_deadline ? (
              <p className="text-sm text-slate-600">
                <Deadline iso={p.application_deadline} />
              </p>
            ) : null}
          </div>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div className="flex flex-col gap-0.5">
              <dt className="text-slate-600">Estado</dt>
              <dd className="font-semibold text-slate-900">{p.status}</dd>
            </div>
            <div className="flex flex-col gap-0.5">
              <dt className="text-slate-600">Candidaturas</dt>
              <dd className="font-semibold text-slate-900">{p.candidates.total}</dd>
            </div>
            <div className="flex flex-col gap-0.5">
              <dt className="text-slate-600">Por revisar</dt>
              <dd className="font-semibold text-slate-900">{p.candidates.pending}</dd>
            </div>
          </dl>
          {p.candidates.total > 0 ? (
            <p className="text-sm">
              <ReviewLink project={p} />
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function ProjectTable({ projects }: { projects: DashboardProject[] }) {
  return (
    <div className="hidden overflow-hidden rounded-xl border border-slate-200 md:block">
      <table className="w-full divide-y divide-slate-200 bg-white">
        <caption className="px-3 py-3 text-left text-sm font-semibold">
          Tus proyectos y sus candidaturas
        </caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={TH}>
              Proyecto
            </th>
            <th scope="col" className={TH}>
              Estado
            </th>
            <th scope="col" className={TH}>
              Candidaturas
            </th>
            <th scope="col" className={TH}>
              Por revisar
            </th>
            <th scope="col" className={TH}>
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {projects.map((p) => (
            <tr key={p.id}>
              <th scope="row" className={`${TD} text-left font-semibold break-words`}>
                {p.title}
                {p.application_deadline ? (
                  <span className="block font-normal text-slate-600">
                    <Deadline iso={p.application_deadline} />
                  </span>
                ) : null}
              </th>
              <td className={TD}>{p.status}</td>
              <td className={TD}>{p.candidates.total}</td>
              <td className={TD}>{p.candidates.pending}</td>
              <td className={`${TD} whitespace-nowrap`}>
                <ReviewLink project={p} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CandidatesSection({ dashboard }: { dashboard: TeacherDashboard }) {
  return (
    <Section id="panel-candidaturas" title="Candidaturas por revisar">
      {dashboard.candidates.length === 0 ? (
        <Empty>No tienes candidaturas pendientes de revisar.</Empty>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {dashboard.candidates.map((c) => (
            <li
              key={c.id}
              className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="min-w-0 flex-1 text-base font-semibold text-slate-900">
                  {c.student.name}
                </h3>
                <ApplicationStatusBadge status={c.status} />
              </div>
              {c.student.degree || c.student.university ? (
                <p className="text-sm text-slate-700">
                  {[c.student.degree, c.student.university].filter(Boolean).join(' · ')}
                </p>
              ) : null}
              <p className="text-sm text-slate-800">
                <span className="font-semibold">Proyecto: </span>
                {c.project.title}
              </p>
              <p className="text-sm text-slate-600">
                Presentada el <time dateTime={c.createdAt}>{formatDay(c.createdAt)}</time>
                {c.supermatch ? ' · Supermatch' : ''}
              </p>
              <Link
                to={reviewPath(c.project.id)}
                aria-label={`Revisar la candidatura de ${c.student.name}`}
                className="self-start text-sm font-semibold text-slate-900 underline underline-offset-2"
              >
                Revisar
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function TutoredSection({ tutored }: { tutored: TutoredStudent[] }) {
  const update = useTickMilestone();
  const [pending, setPending] = useState<{
    progressId: number;
    milestone: ProgressMilestone;
  } | null>(null);
  return (
    <Section id="panel-tutorizados" title="Estudiantes que tutorizas">
      {update.isError ? (
        <Alert tone="error">
          No se ha podido guardar el avance. Inténtalo de nuevo en unos minutos.
        </Alert>
      ) : null}
      {tutored.length === 0 ? (
        <Empty>Todavía no tutorizas a ningún estudiante.</Empty>
      ) : (
        <ul className="flex flex-col gap-4">
          {tutored.map((t) => {
            const { progress } = t;
            const next = progress ? nextMilestoneLabel(progress) : null;
            return (
              <li
                key={t.application.id}
                className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
              >
                <div className="flex flex-col gap-1">
                  <h3 className="text-base font-semibold text-slate-900">{t.student.name}</h3>
                  <p className="text-sm text-slate-800">
                    <span className="font-semibold">Proyecto: </span>
                    {t.project.title}
                  </p>
                  <p className="text-sm break-all text-slate-700">
                    <a href={`mailto:${t.student.email}`} className="underline underline-offset-2">
                      {t.student.email}
                    </a>
                    {t.student.phone ? ` · ${formatPhone(t.student.phone)}` : ''}
                  </p>
                </div>
                {progress ? (
                  <>
                    <ProgressChecklist
                      legend={`Avance de ${t.student.name} en «${t.project.title}»`}
                      progress={toProgressState(progress)}
                      pendingMilestone={
                        pending?.progressId === progress.id ? pending.milestone : null
                      }
                      onToggle={(milestone, done) => {
                        const progressId = progress.id;
                        setPending({ progressId, milestone });
                        update.mutate(
                          { progressId, milestone, done },
                          { onSettled: () => setPending(null) },
                        );
                      }}
                    />
                    <p className="text-sm text-slate-700">
                      {next ? `Siguiente paso: ${next}.` : 'Ha completado todos los hitos.'}
                    </p>
                  </>
                ) : (
                  <p className="text-sm text-slate-600">
                    Este proyecto todavía no tiene seguimiento del avance.
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

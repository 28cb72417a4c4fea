import type { AdminOverview } from '@plataforma/shared';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { cn } from '../../../lib/cn';
import { useAdminOverview } from '../api/get-admin-overview';
import { TEXTS, formatCount } from '../texts';
import { ADMIN_HOME_LINKS, importHref } from '../utils/admin-links';
import { AttentionCard, CARD_LINK } from './attention-card';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {description ? <p className="text-sm text-slate-700">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

function AttentionCards({ data }: { data: AdminOverview }) {
  const { pending, emails, imports } = data;
  const importsWaiting = imports.running + imports.failedRecently;
  const waitingTone =
    emails.waiting === 0
      ? 'calm'
      : !emails.deliveryConfigured || emails.retrying > 0
        ? 'attention'
        : 'info';
  return (
    <ul role="list" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <AttentionCard
        title={TEXTS.teachers.title}
        count={pending.teachers}
        sentence={TEXTS.teachers.sentence(pending.teachers)}
      >
        <Link to={ADMIN_HOME_LINKS.pendingTeachers} className={CARD_LINK}>
          {TEXTS.teachers.link}
        </Link>
      </AttentionCard>
      <AttentionCard
        title={TEXTS.works.title}
        count={pending.works}
        sentence={TEXTS.works.sentence(pending.works)}
      >
        <Link to={ADMIN_HOME_LINKS.pendingWorks} className={CARD_LINK}>
          {TEXTS.works.link}
        </Link>
      </AttentionCard>
      <AttentionCard
        title={TEXTS.projects.title}
        count={pending.projects}
        sentence={TEXTS.projects.sentence(pending.projects)}
      >
        <Link to={ADMIN_HOME_LINKS.projectsToValidate} className={CARD_LINK}>
          {TEXTS.projects.link}
        </Link>
      </AttentionCard>
      <AttentionCard
        title={TEXTS.failedEmails.title}
        count={emails.failedRecently}
        sentence={TEXTS.failedEmails.sentence(emails)}
      >
        {emails.failed > 0 ? (
          <Link to={ADMIN_HOME_LINKS.failedEmails} className={CARD_LINK}>
            {TEXTS.failedEmails.link}
          </Link>
        ) : (
          <Link to={ADMIN_HOME_LINKS.outbox} className={CARD_LINK}>
            {TEXTS.failedEmails.outboxLink}
          </Link>
        )}
      </AttentionCard>
      <AttentionCard
        title={TEXTS.waitingEmails.title}
        count={emails.waiting}
        tone={waitingTone}
        sentence={TEXTS.waitingEmails.sentence(emails)}
      >
        {emails.waiting > 0 ? (
          <Link to={ADMIN_HOME_LINKS.waitingEmails} className={CARD_LINK}>
            {TEXTS.waitingEmails.link}
          </Link>
        ) : null}
      </AttentionCard>
      <AttentionCard
        title={TEXTS.imports.title}
        count={importsWaiting}
        tone={importsWaiting === 0 ? 'calm' : imports.failedRecently > 0 ? 'attention' : 'info'}
        sentence={TEXTS.imports.sentence(imports.running, imports.failedRecently)}
      >
        {imports.latest.length > 0 ? (
          <ul aria-label={TEXTS.imports.listLabel} className="flex flex-col gap-2">
            {imports.latest.map((entry) => (
              <li key={entry.id} className="flex flex-col text-sm text-slate-700">
                <Link to={importHref(entry)} className={cn(CARD_LINK, 'break-words')}>
                  {TEXTS.imports.name(entry)}
                </Link>
                <span>{TEXTS.imports.state(entry)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </AttentionCard>
    </ul>
  );
}

function Totals({ totals }: { totals: AdminOverview['totals'] }) {
  const items = [
    { key: 'students', count: totals.students, label: TEXTS.totals.students },
    { key: 'teachers', count: totals.teachers, label: TEXTS.totals.teachers },
    { key: 'organizations', count: totals.organizations, label: TEXTS.totals.organizations },
    {
      key: 'publishedProjects',
      count: totals.publishedProjects,
      label: TEXTS.totals.publishedProjects,
    },
  ] as const;
  return (
    <>
      <ul role="list" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {items.map(({ key, count, label }) => (
          <li key={key}>
            <Link
              to={ADMIN_HOME_LINKS[key]}
              className="flex h-full flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-slate-400 hover:bg-slate-50"
            >
              <span className="text-2xl font-bold text-slate-900 tabular-nums sm:text-3xl">
                {formatCount(count)}
              </span>{' '}
              <span className="text-sm font-semibold text-slate-700">{label(count)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">
        {TEXTS.totals.reports.before}
        <Link to={ADMIN_HOME_LINKS.reports} className={CARD_LINK}>
          {TEXTS.totals.reports.link}
        </Link>
        {TEXTS.totals.reports.after}
      </p>
    </>
  );
}

function About({ about }: { about: AdminOverview['about'] }) {
  const rows = [
    { term: TEXTS.about.version, value: about.version },
    { term: TEXTS.about.node, value: about.node },
    { term: TEXTS.about.database, value: TEXTS.about.databaseName(about.database) },
  ];
  return (
    <dl className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
      {rows.map(({ term, value }) => (
        <div key={term} className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
          <dt className="font-semibold text-slate-900 sm:w-56 sm:shrink-0">{term}</dt>
          <dd className="break-words text-slate-700">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * `/admin`, the administration home (ADR 0066): where an admin lands after signing in. What waits
 * for a decision, each figure a link to where it is decided; the platform's totals (the impact
 * dashboard has the rest); and what the server runs on. Read again whenever the page is shown.
 */
export function AdminHome() {
  const overview = useAdminOverview();
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-3 py-5 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {TEXTS.title}
          </h1>
          <p className="max-w-3xl text-base text-slate-700">{TEXTS.intro}</p>
        </div>
        {overview.data ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="text-sm text-slate-700">
              {TEXTS.countedAt(overview.data.meta.countedAt)}
            </p>
            <Button
              variant="secondary"
              isPending={overview.isFetching}
              onClick={() => void overview.refetch()}
            >
              {TEXTS.refresh}
            </Button>
          </div>
        ) : null}
      </div>
      {overview.isPending ? (
        <LoadingStatus label={TEXTS.loading} />
      ) : (
        <>
          {overview.isError ? (
            <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
              <span>{TEXTS.loadError}</span>
              <Button
                variant="secondary"
                isPending={overview.isFetching}
                onClick={() => void overview.refetch()}
              >
                {TEXTS.retry}
              </Button>
            </Alert>
          ) : null}
          {overview.data ? (
            <div aria-busy={overview.isFetching} className="flex flex-col gap-10">
              <Section title={TEXTS.attention.title} description={TEXTS.attention.description}>
                <AttentionCards data={overview.data.data} />
              </Section>
              <Section title={TEXTS.totals.title}>
                <Totals totals={overview.data.data.totals} />
              </Section>
              <Section title={TEXTS.about.title}>
                <About about={overview.data.data.about} />
              </Section>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

import { THESIS_STAGE_LABELS } from '@plataforma/shared';
import { useId, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { RICH_TEXT_CLASSES } from '../../../components/ui/rich-text';
import type { ResourceItem } from '../../../entities/resource/types';
import { formatLongDate } from '../../../lib/dates';
import { htmlToText, sanitizeHtml } from '../../../lib/sanitize-html';
import type { ResourceViewer } from '../types';
import { PopularBadge, ResourceChips } from './resource-chips';
import { ResourcePicture } from './resource-picture';
import { SaveResourceToggle } from './save-resource-toggle';

/** A link the page may open: only web addresses (the server checks the same when it is saved). */
export function safeExternalLink(link: string | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Whether cleaned HTML has any text to read (an empty editor leaves `<p></p>`). */
const hasText = (html: string) => htmlToText(html).trim() !== '';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <dt className="text-sm font-semibold text-slate-900">{label}</dt>
      <dd className="text-sm text-slate-800">{children}</dd>
    </div>
  );
}

interface ResourceDetailViewProps {
  resource: ResourceItem;
  viewer: ResourceViewer;
  isSaved: boolean;
  /** The list to go back to (the one the resource was opened from). */
  backHref: string;
}

/**
 * A resource's page (spec §3 Resource): its picture, title, introduction, the rich content
 * (cleaned again before it is rendered, lib/sanitize-html) in the rich text reading style, the
 * link, its tags, purposes and stages, the dates in Spanish words and, for students, "Guardar".
 */
export function ResourceDetailView({
  resource,
  viewer,
  isSaved,
  backHref,
}: ResourceDetailViewProps) {
  const aboutId = useId();
  const content = useMemo(
    () => (resource.content ? sanitizeHtml(resource.content) : ''),
    [resource.content],
  );
  const link = safeExternalLink(resource.link);
  const published = resource.publishedAt ? formatLongDate(resource.publishedAt) : '';
  const updated = resource.updatedAt ? formatLongDate(resource.updatedAt) : '';
  const studentId = viewer.role === 'student' ? viewer.studentId : null;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-3 py-5 sm:px-6 sm:py-10">
      <Link
        to={backHref}
        className="self-start text-sm font-semibold text-main-ink underline underline-offset-2"
      >
        Volver a los recursos
      </Link>
      <header className="flex max-w-3xl flex-col gap-3">
        {resource.isPopular ? (
          <div>
            <PopularBadge />
          </div>
        ) : null}
        <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
          {resource.title}
        </h1>
        {resource.introduction ? (
          <p className="text-lg text-slate-700">{resource.introduction}</p>
        ) : null}
        {published ? (
          <p className="text-sm text-slate-600">
            Publicado el <time dateTime={resource.publishedAt ?? undefined}>{published}</time>
          </p>
        ) : null}
      </header>

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <ResourcePicture
            picture={resource.picture}
            title={resource.title}
            variant="page"
            className="rounded-2xl border border-slate-200"
          />
          {content && hasText(content) ? (
            <div className={RICH_TEXT_CLASSES} dangerouslySetInnerHTML={{ __html: content }} />
          ) : null}
          {link ? (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('primary', 'self-start')}
            >
              Abrir el recurso
              <span className="sr-only"> (se abre en otra pestaña)</span>
            </a>
          ) : null}
        </div>

        <aside
          aria-labelledby={aboutId}
          className="flex flex-col gap-4 self-start rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <h2 id={aboutId} className="text-lg font-bold text-slate-900">
            Sobre este recurso
          </h2>
          {studentId !== null ? (
            <div>
              <SaveResourceToggle
                studentId={studentId}
                resourceId={resource.id}
                resourceTitle={resource.title}
                isSaved={isSaved}
                className="py-2.5"
              />
            </div>
          ) : null}
          <dl className="flex flex-col gap-4">
            {resource.stages.length > 0 ? (
              <Fact label="Para la etapa">
                <ResourceChips
                  label="Etapas"
                  items={resource.stages.map((stage) => THESIS_STAGE_LABELS[stage])}
                  tone="stage"
                />
              </Fact>
            ) : null}
            {resource.tags.length > 0 ? (
              <Fact label="Temas">
                <ResourceChips label="Temas" items={resource.tags} tone="tag" />
              </Fact>
            ) : null}
            {resource.purposes.length > 0 ? (
              <Fact label="Finalidades">
                <ResourceChips label="Finalidades" items={resource.purposes} tone="purpose" />
              </Fact>
            ) : null}
            {updated ? (
              <Fact label="Última actualización">
                <time dateTime={resource.updatedAt ?? undefined}>{updated}</time>
              </Fact>
            ) : null}
          </dl>
        </aside>
      </div>
    </div>
  );
}

import { Link, useLocation } from 'react-router';
import type { ResourceItem } from '../../../entities/resource/types';
import { PopularBadge, ResourceChips } from './resource-chips';
import { ResourcePicture } from './resource-picture';
import { SaveResourceToggle } from './save-resource-toggle';

interface ResourceCardProps {
  resource: ResourceItem;
  /** Students get the save toggle. */
  studentId: number | null;
  isSaved: boolean;
  /** The heading level of the title, so the page's outline stays in order. */
  headingLevel?: 2 | 3;
}

/**
 * One resource of the list: its picture, the "Popular" badge, the title (the link to its page),
 * the introduction, its tags and purposes and, for students, the save button.
 */
export function ResourceCard({
  resource,
  studentId,
  isSaved,
  headingLevel = 3,
}: ResourceCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The resource's page offers a way back to this very list.
  const { search } = useLocation();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <ResourcePicture picture={resource.picture} title={resource.title} variant="card" />
      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        {resource.isPopular ? (
          <div>
            <PopularBadge />
          </div>
        ) : null}
        <Heading className="text-lg leading-snug font-semibold text-balance text-slate-900">
          <Link
            to={`/resources/${resource.id}`}
            state={{ resourcesSearch: search }}
            className="text-main-ink underline-offset-2 hover:underline"
          >
            {resource.title}
          </Link>
        </Heading>
        {resource.introduction ? (
          <p className="line-clamp-3 text-sm text-slate-700">{resource.introduction}</p>
        ) : null}
        <ResourceChips label="Temas" items={resource.tags} tone="tag" />
        <ResourceChips label="Finalidades" items={resource.purposes} tone="purpose" />
        {studentId !== null ? (
          <div className="mt-auto pt-1">
            <SaveResourceToggle
              studentId={studentId}
              resourceId={resource.id}
              resourceTitle={resource.title}
              isSaved={isSaved}
            />
          </div>
        ) : null}
      </div>
    </article>
  );
}

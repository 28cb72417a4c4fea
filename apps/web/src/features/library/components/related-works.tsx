import { useRelatedWorks } from '../api/get-related-works';
import { WorkCard } from './work-card';

/**
 * "Trabajos relacionados" under a work (`GET /api/tfxes/:id/related`); nothing when there are
 * none or they failed to load (the page does not depend on them).
 */
export function RelatedWorks({
  workId,
  studentId,
  savedIds,
}: {
  workId: number;
  studentId: number | null;
  savedIds: readonly number[];
}) {
  const related = useRelatedWorks(workId);
  if (!related.data || related.data.length === 0) return null;
  return (
    <section aria-labelledby="trabajos-relacionados" className="flex flex-col gap-4">
      <h2 id="trabajos-relacionados" className="text-lg font-bold text-slate-900">
        Trabajos relacionados
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {related.data.map((work) => (
          <li key={work.id}>
            <WorkCard
              work={work}
              studentId={studentId}
              isSaved={work.attributes.saved ?? savedIds.includes(work.id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

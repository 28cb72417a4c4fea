import { useId } from 'react';
import { useRecommendedProjects } from '../api/get-recommended-projects';
import { ProjectCard } from './project-card';

/**
 * "Proyectos recomendados para ti" (students): the matching's top projects with their score and
 * the reasons they fit. Hidden while loading, when empty or when the call fails: the catalogue
 * below is the page's real content.
 */
export function RecommendedProjects({ studentId }: { studentId: number }) {
  const headingId = useId();
  const { data } = useRecommendedProjects(studentId);
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div>
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900">
          Proyectos recomendados para ti
        </h2>
        <p className="text-sm text-slate-700">
          Elegidos según tu perfil: tus estudios, tu provincia y tus intereses.
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {data.map(({ project, score, reasons }) => (
          <li key={project.id}>
            <ProjectCard project={project} studentId={studentId}>
              <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
                <p className="font-semibold">
                  Afinidad: {Math.round(score)}
                  <span className="sr-only"> puntos</span>
                </p>
                {reasons.length > 0 ? (
                  <ul className="mt-1 list-disc pl-5">
                    {reasons.map((reason) => (
                      <li key={reason}>{reason.charAt(0).toUpperCase() + reason.slice(1)}</li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </ProjectCard>
          </li>
        ))}
      </ul>
    </section>
  );
}

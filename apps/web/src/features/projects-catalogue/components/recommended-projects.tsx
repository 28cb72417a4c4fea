import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useRecommendedProjects } from '../../../entities/project/api/get-recommended-projects';
import { ProjectCard } from './project-card';

const FIRST_SHOWN = 3;

/**
 * "Proyectos recomendados para ti" (students): the matching's top projects with their score and
 * the reasons they fit. Hidden while loading, when empty or when the call fails: the catalogue
 * below is the page's real content.
 */
export function RecommendedProjects({ studentId }: { studentId: number }) {
  const headingId = useId();
  const listId = useId();
  const [showAll, setShowAll] = useState(false);
  const { data } = useRecommendedProjects(studentId);
  if (!data || data.length === 0) return null;
  // Three first, so the catalogue is not pushed far down (a phone shows one card a screen).
  const shown = showAll ? data : data.slice(0, FIRST_SHOWN);
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
      <ul id={listId} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map(({ project, score, reasons }) => (
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
      {data.length > FIRST_SHOWN ? (
        <Button
          variant="secondary"
          className="self-start"
          aria-expanded={showAll}
          aria-controls={listId}
          onClick={() => setShowAll((all) => !all)}
        >
          {showAll ? 'Ver menos recomendaciones' : `Ver las ${data.length} recomendaciones`}
        </Button>
      ) : null}
    </section>
  );
}

import { PROGRESS_MILESTONES } from '@plataforma/shared';
import type { DashboardProgress, DashboardProject } from '../types';

/** The first milestone not ticked yet ("Siguiente paso"), or null when all five are. */
export function nextMilestoneLabel(progress: DashboardProgress): string | null {
  return PROGRESS_MILESTONES.find((m) => !progress[m.key])?.label ?? null;
}

/** Projects with applications to review first (most pending first), then as the API sent them. */
export function sortByPending(projects: readonly DashboardProject[]): DashboardProject[] {
  return projects
    .map((project, index) => ({ project, index }))
    .sort(
      (a, b) => b.project.candidates.pending - a.project.candidates.pending || a.index - b.index,
    )
    .map(({ project }) => project);
}

/** Where a teacher reviews a project's candidates (the publishing screens, issue 6). */
export function reviewPath(projectId: number): string {
  return `/projects/${projectId}/candidaturas`;
}

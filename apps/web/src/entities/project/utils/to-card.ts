import type { ProjectCardData, SearchProjectAttributes } from '../types';

/** The card of a project as the search and the recommendations answer it. */
export function toProjectCard(id: number, a: SearchProjectAttributes): ProjectCardData {
  return {
    id,
    title: a.title,
    description: a.description ?? null,
    status: a.status,
    type: a.type ?? null,
    location: a.location ?? null,
    locality: a.locality ?? null,
    organizationName: a.organization?.name ?? null,
    teacherName: a.teacher?.name ?? null,
    ods: a.ods ?? [],
    applicationDeadline: a.application_deadline ?? null,
    saved: a.saved === true,
    applied: a.applied === true,
  };
}

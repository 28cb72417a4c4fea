import { resolveMediaUrl } from '../../../lib/media-url';
import type { ProjectDetail, ProjectRecord } from '../types';

/** The only http(s) links are shown as links; anything else is dropped. */
function safeWeb(web: string | null | undefined): string | null {
  return web && /^https?:\/\//i.test(web.trim()) ? web.trim() : null;
}

/** The project's page: text fields, lists as lists, the organisation and the teacher's name. */
export function toProjectDetail({ id, attributes: a }: ProjectRecord): ProjectDetail {
  const org = a.organization?.data;
  const teacherUser = a.teacher?.data?.attributes.user?.data?.attributes;
  const teacherName = teacherUser
    ? [teacherUser.name, teacherUser.surname].filter(Boolean).join(' ') || null
    : null;
  return {
    id,
    title: a.title,
    description: a.description ?? null,
    status: a.status,
    type: a.type ?? null,
    objectives: a.objectives ?? null,
    ods: a.ods ?? [],
    odsExplanation: a.ods_explanation ?? null,
    academicProfile: a.academic_profile ?? null,
    requirements: a.requirements ?? null,
    workingMethod: a.working_method ?? null,
    tags: a.tags ?? [],
    internship: a.internship === true,
    language: a.language ?? null,
    presentiality: a.presentiality ?? null,
    location: a.location ?? null,
    locality: a.locality ?? null,
    remuneration: a.remuneration === true,
    dedication: a.dedication ?? null,
    studyAreas: a.study_areas ?? [],
    studySubareas: a.study_subareas ?? [],
    applicationDeadline: a.application_deadline ?? null,
    rejectionReason: a.rejection_reason ?? null,
    publishedAt: a.publishedAt ?? null,
    organization: org
      ? {
          id: org.id,
          name: org.attributes.name,
          description: org.attributes.description ?? null,
          web: safeWeb(org.attributes.web),
          logoUrl: resolveMediaUrl(org.attributes.logo?.data?.attributes.url),
        }
      : null,
    teacherName,
  };
}

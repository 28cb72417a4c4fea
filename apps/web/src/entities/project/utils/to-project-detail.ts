import type { ProjectAttributes as ProjectFields } from '@plataforma/shared';
import { resolveMediaUrl } from '../../../lib/media-url';
import type { ProjectDetail, ProjectRecord } from '../types';

/** The only http(s) links are shown as links; anything else is dropped. */
function safeWeb(web: string | null | undefined): string | null {
  return web && /^https?:\/\//i.test(web.trim()) ? web.trim() : null;
}

/**
 * The project's page: the contract's fields as they come, its nullable lists as lists, the
 * organisation and the teacher's name.
 */
export function toProjectDetail({ id, attributes }: ProjectRecord): ProjectDetail {
  const { organization, teacher, campus: _campus, ...fields } = attributes;
  const org = organization?.data;
  const teacherUser = teacher?.data?.attributes.user?.data?.attributes;
  const teacherName = teacherUser
    ? [teacherUser.name, teacherUser.surname].filter(Boolean).join(' ') || null
    : null;
  return {
    id,
    // The detail read (get-project.ts) names no `fields`, so every attribute is in the answer.
    ...(fields as ProjectFields),
    ods: fields.ods ?? [],
    tags: fields.tags ?? [],
    study_areas: fields.study_areas ?? [],
    study_subareas: fields.study_subareas ?? [],
    organization: org
      ? {
          id: org.id,
          name: org.attributes.name,
          description: org.attributes.description ?? null,
          web: safeWeb(org.attributes.web),
          logoUrl: resolveMediaUrl(org.attributes.logo?.data?.attributes.url),
        }
      : null,
    teacher_name: teacherName,
  };
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectStatus } from '@plataforma/shared';
import { apiRequest } from '../../../lib/api-client';
import { resolveMediaUrl } from '../../../lib/media-url';
import type { ProjectDetail } from '../types';
import { CATALOGUE_QUERY_ROOT } from './to-card';

interface Related<T> {
  data: { id: number; attributes: T } | null;
}

interface ProjectAnswer {
  data: {
    id: number;
    attributes: {
      title: string;
      description?: string | null;
      status: ProjectStatus;
      type?: string | null;
      objectives?: string | null;
      ods?: number[] | null;
      ods_explanation?: string | null;
      academic_profile?: string | null;
      requirements?: string | null;
      working_method?: string | null;
      tags?: string[] | null;
      internship?: boolean | null;
      language?: string | null;
      presentiality?: string | null;
      location?: string | null;
      locality?: string | null;
      remuneration?: boolean | null;
      dedication?: string | null;
      study_areas?: string[] | null;
      study_subareas?: string[] | null;
      application_deadline?: string | null;
      rejection_reason?: string | null;
      publishedAt?: string | null;
      organization?: Related<{
        name: string;
        description?: string | null;
        web?: string | null;
        logo?: Related<{ url: string }>;
      }>;
      teacher?: Related<{ user?: Related<{ name?: string | null; surname?: string | null }> }>;
    };
  };
}

/**
 * What the detail page reads: the project, its organisation with logo, the teacher's name.
 * `publicationState=preview` lets the server answer unpublished projects to those its policy
 * lets see them (admins, the publisher); everyone else still gets published ones only.
 */
const DETAIL_PARAMS = new URLSearchParams({
  publicationState: 'preview',
  'populate[organization][fields][0]': 'name',
  'populate[organization][fields][1]': 'description',
  'populate[organization][fields][2]': 'web',
  'populate[organization][populate][logo][fields][0]': 'url',
  'populate[teacher][fields][0]': 'id',
  'populate[teacher][populate][user][fields][0]': 'name',
  'populate[teacher][populate][user][fields][1]': 'surname',
}).toString();

/** The only http(s) links are shown as links; anything else is dropped. */
function safeWeb(web: string | null | undefined): string | null {
  return web && /^https?:\/\//i.test(web.trim()) ? web.trim() : null;
}

/**
 * `GET /api/projects/:id` with populate (generic Strapi route). The server answers what the
 * caller may see: published projects for everyone, any status for admins (404 otherwise).
 */
export async function getProject(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProjectDetail> {
  const { data } = await apiRequest<ProjectAnswer>(`/api/projects/${id}?${DETAIL_PARAMS}`, {
    signal,
  });
  const a = data.attributes;
  const org = a.organization?.data;
  const teacherUser = a.teacher?.data?.attributes.user?.data?.attributes;
  const teacherName = teacherUser
    ? [teacherUser.name, teacherUser.surname].filter(Boolean).join(' ') || null
    : null;
  return {
    id: data.id,
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

export const projectQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [CATALOGUE_QUERY_ROOT, 'project', id],
    queryFn: ({ signal }) => getProject(id, { signal }),
  });

export function useProject(id: number) {
  return useQuery(projectQueryOptions(id));
}

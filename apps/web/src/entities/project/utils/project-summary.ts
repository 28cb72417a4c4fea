import type { ProjectSummary, Relation } from '../types';

/** The project attributes the profile lists ask for. */
export interface ProjectSummaryAttributes {
  title: string;
  type?: string | null;
  locality?: string | null;
  organization?: Relation<{ name: string }>;
}

/** Query parameters that read a project's title, type, locality and organisation name. */
export function projectSummaryParams(prefix: string): Record<string, string> {
  return {
    [`${prefix}[fields][0]`]: 'title',
    [`${prefix}[fields][1]`]: 'type',
    [`${prefix}[fields][2]`]: 'locality',
    [`${prefix}[populate][organization][fields][0]`]: 'name',
  };
}

export function toProjectSummary(id: number, attributes: ProjectSummaryAttributes): ProjectSummary {
  return {
    id,
    title: attributes.title,
    type: attributes.type ?? null,
    locality: attributes.locality ?? null,
    organizationName: attributes.organization?.data?.attributes.name ?? null,
  };
}

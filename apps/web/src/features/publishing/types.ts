import type {
  OrganizationAttributes as OrganizationFields,
  OrganizationWrite,
} from '@plataforma/shared';

/** The organisation's body (`POST /api/organizations`, spec §3 Organization + private contact). */
export type OrganizationPayload = OrganizationWrite;

/** An organisation's body in an edit (`PUT /api/organizations/:id`): null clears a field. */
export type OrganizationUpdate = {
  [K in keyof OrganizationWrite]: OrganizationWrite[K] | null;
};

/**
 * `GET /api/organizations/:id?populate=logo` (spec §3 Organization, the shared contract's
 * fields). The private contact is there only for its coordinators and admins (the access
 * policy's protected fields).
 */
export type OrganizationAttributes = Omit<OrganizationFields, 'createdAt' | 'updatedAt'> &
  Partial<Pick<OrganizationFields, 'createdAt' | 'updatedAt'>> & {
    logo?: { data: { id: number; attributes: { name: string; size: number; url: string } } | null };
  };

export interface OrganizationRecord {
  id: number;
  attributes: OrganizationAttributes;
}

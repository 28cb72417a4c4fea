/** The organisation's body (`POST /api/organizations`, spec §3 Organization + private contact). */
export interface OrganizationPayload {
  name: string;
  type?: string;
  sector?: string;
  size?: string;
  description?: string;
  location?: string;
  web?: string;
  linkedin?: string;
  reachedUsHow?: string;
  logo?: number | null;
  contact_phone?: string;
  contact_mail?: string;
  contact_name?: string;
}

/** An organisation's body in an edit (`PUT /api/organizations/:id`): null clears a field. */
export type OrganizationUpdate = {
  [K in keyof OrganizationPayload]: OrganizationPayload[K] | null;
};

/**
 * `GET /api/organizations/:id?populate=logo` (spec §3 Organization). The private contact is
 * there only for its coordinators and admins (the access policy's protected fields).
 */
export interface OrganizationAttributes {
  name: string;
  type: string | null;
  sector: string | null;
  size: string | null;
  description: string | null;
  location: string | null;
  web: string | null;
  linkedin: string | null;
  reachedUsHow: string | null;
  logo?: { data: { id: number; attributes: { name: string; size: number; url: string } } | null };
  contact_phone?: string | null;
  contact_mail?: string | null;
  contact_name?: string | null;
}

export interface OrganizationRecord {
  id: number;
  attributes: OrganizationAttributes;
}

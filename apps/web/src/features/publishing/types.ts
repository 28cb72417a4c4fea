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

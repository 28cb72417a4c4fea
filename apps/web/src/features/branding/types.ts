/** Wire shapes of the branding endpoints (Strapi v4 envelopes) and the app's own view of them. */

export interface BrandingSaasAttributes {
  mainColor: string | null;
  secondaryColor: string | null;
  terciaryColor: string | null;
  quaternaryColor: string | null;
  footerColor: string | null;
  logoUrl: string | null;
  projectName: string | null;
  origin: string | null;
  mailTo: string | null;
  university_name: string | null;
  mainfont: string | null;
  politicsUrl: string | null;
  program: string | null;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/branding-saas?populate=*` (single type; `data` is null while none is configured). */
export interface BrandingSaasResponse {
  data: { id: number; attributes: Partial<BrandingSaasAttributes> } | null;
  meta: Record<string, unknown>;
}

export interface MediaAttributes {
  url: string;
  alternativeText?: string | null;
  mime?: string | null;
  name?: string;
  width?: number | null;
  height?: number | null;
}

/** `GET /api/brandings?populate=menuLogo`. */
export interface BrandingsResponse {
  data: {
    id: number;
    attributes: {
      name?: string | null;
      menuLogo?: { data: { id: number; attributes: MediaAttributes } | null };
    };
  }[];
  meta: { pagination?: { page: number; pageSize: number; pageCount: number; total: number } };
}

/** The branding the app works with: every field the UI relies on has a value (defaults.ts). */
export interface Branding {
  mainColor: string;
  secondaryColor: string;
  terciaryColor: string;
  quaternaryColor: string;
  footerColor: string;
  projectName: string;
  mainFont: string;
  logoUrl: string | null;
  origin: string | null;
  program: string | null;
  mailTo: string | null;
  universityName: string | null;
  politicsUrl: string | null;
}

export interface MenuLogo {
  url: string;
  alternativeText: string | null;
  mime: string | null;
}

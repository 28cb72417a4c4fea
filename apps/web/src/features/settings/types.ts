import type { Feature } from '@plataforma/shared';

/**
 * The branding form's values, named as `PUT /api/branding-saas` names them (spec §3 Branding).
 * Every value is a string while editing; empty optional values are saved as null.
 */
export interface BrandingDraft {
  projectName: string;
  university_name: string;
  origin: string;
  program: string;
  mailTo: string;
  politicsUrl: string;
  logoUrl: string;
  mainfont: string;
  mainColor: string;
  secondaryColor: string;
  terciaryColor: string;
  quaternaryColor: string;
  footerColor: string;
}

export type BrandingField = keyof BrandingDraft;
export type ColorField =
  'mainColor' | 'secondaryColor' | 'terciaryColor' | 'quaternaryColor' | 'footerColor';

/** What `PUT /api/branding-saas` receives: the draft with empty optional values as null. */
export type BrandingPayload = { [K in BrandingField]: string | null };

/**
 * The branding feature's own rules the editor needs (the theme's variables, the origin and
 * program matches of spec §1). The app passes them in (features do not import each other), so
 * the preview uses exactly what the live theme applies; the colour maths both use is `lib/color`.
 */
export interface ThemeTools {
  /** The CSS variables the app would set for these values (scoped to the preview). */
  themeVariables(draft: BrandingDraft): Record<string, string>;
  /** Spec §1: origin matching "Murcia". */
  isMurciaOrigin(origin: string): boolean;
  /** Spec §1: program matching "Emprende". */
  isEmprendeProgram(program: string): boolean;
}

/** The current menu logo, as the branding feature reads it. */
export interface CurrentLogo {
  url: string;
  alternativeText: string | null;
}

/** A role the feature switches are kept for: a profile type or "public" (visitors). */
export type PermissionRole = 'public' | 'student' | 'teacher' | 'coordinator' | 'admin';
export type PermissionFlag = 'enabled' | 'create' | 'update';

export interface PermissionSwitches {
  enabled: boolean;
  create: boolean;
  update: boolean;
}

/** One row of `GET /api/feature-permissions` (role × feature). */
export interface FeaturePermissionRow extends PermissionSwitches {
  id: number;
  role: PermissionRole;
  feature: Feature;
}

/** A change to save: `id` null when the role has no row for the feature yet (POST). */
export interface PermissionChange extends PermissionSwitches {
  id: number | null;
  role: PermissionRole;
  feature: Feature;
}

/** A file as `POST /api/upload` answers it (ADR 0011). */
export type { UploadedFile } from '@plataforma/shared';

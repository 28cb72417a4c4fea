/**
 * Footer content as `GET /api/footer-sections` answers it (spec §3 Footer content, §7 Footer): the
 * web reads `data[0].attributes.FooterSection`, sections of rows of columns.
 */

export interface FooterMedia {
  data: { id: number; attributes: { url: string; alternativeText?: string | null } } | null;
}

export interface FooterImage {
  id?: number;
  source?: FooterMedia;
  alternativeText?: string | null;
  isLink?: boolean;
  width?: number | null;
  height?: number | null;
}

export interface FooterLink {
  id?: number;
  title?: string | null;
  text?: string | null;
  url?: string | null;
  language?: string | null;
}

export interface FooterLanguageOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface FooterColumn {
  id?: number;
  images?: FooterImage[];
  links?: FooterLink[];
  languageSelector?: FooterLanguageOption[];
}

export interface FooterRow {
  id?: number;
  columns: FooterColumn[];
}

export interface FooterSectionComponent {
  id?: number;
  rows: FooterRow[];
}

export interface FooterSectionsResponse {
  data: { id: number; attributes: { FooterSection?: FooterSectionComponent[] | null } }[];
  meta: Record<string, unknown>;
}

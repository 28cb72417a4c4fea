import type { FooterSectionComponent } from '@plataforma/shared';

/**
 * Footer content as `GET /api/footer-sections` answers it (spec §3 Footer content, §7 Footer): the
 * web reads `data[0].attributes.FooterSection`, sections of rows of columns.
 */

export type {
  FooterColumn,
  FooterImage,
  FooterLanguageOption,
  FooterLink,
  FooterMedia,
  FooterRow,
  FooterSectionComponent,
} from '@plataforma/shared';

export interface FooterSectionsResponse {
  data: { id: number; attributes: { FooterSection?: FooterSectionComponent[] | null } }[];
  meta: Record<string, unknown>;
}

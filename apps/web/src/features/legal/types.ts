import type { LegalPlaceholder, LegalTextKind } from '@plataforma/shared';

/** A legal text as the screens use it (ADR 0035). */
export interface LegalText {
  id: number;
  kind: LegalTextKind;
  title: string;
  /** Allow-listed HTML with placeholders (`{universidad}`...). */
  content: string;
  version: number;
  updatedAt: string;
}

/** One kept version of a legal text. */
export interface LegalTextVersion {
  id: number;
  version: number;
  title: string;
  content: string;
  /** When this version was written (it stopped being current when the next one was). */
  createdAt: string;
}

/** What each placeholder becomes: its text, and a link when it has one (the contact email). */
export type PlaceholderValues = Record<LegalPlaceholder, { text: string; href?: string }>;

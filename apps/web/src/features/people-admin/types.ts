import type { Pagination } from '@plataforma/shared';

export type { Pagination };

/** The four lists of the admins' people screens (ADR 0050). */
export type PeopleKind = 'students' | 'teachers' | 'organizations' | 'coordinators';

/** What the URL holds for a list: every filter, the order and the page (ADR 0050). */
export interface PeopleFilters {
  q?: string;
  university?: number;
  degree?: number;
  thesisStage?: string;
  /** 'si' | 'no' */
  validated?: 'si' | 'no';
  /** 'si' | 'no' */
  published?: 'si' | 'no';
  sort?: string;
}

/** A row of a list: its cells already in Spanish, and what its actions need. */
export interface PersonRow {
  id: number;
  /** The name actions speak of ("Editar a «…»"). */
  name: string;
  email: string | null;
  /** The person's account (students, teachers, coordinators): its data and deletion (ADR 0054). */
  userId?: number | null;
  /** Draft/publish kinds only: whether the record is published. */
  published?: boolean;
  /** The record's attributes as the API gave them (the edit form starts from them). */
  attributes: Record<string, unknown>;
  /** Ids of the populated to-one relations (university, degree, organisation). */
  links: Record<string, number | null>;
  /** The cells after the name, in the kind's column order. */
  cells: Record<string, string>;
}

export interface PeoplePage {
  rows: PersonRow[];
  pagination: Pagination;
}

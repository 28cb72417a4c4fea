import type {
  CoordinatorAttributes,
  CoordinatorWrite,
  DegreeAttributes,
  OrganizationAttributes,
  OrganizationWrite,
  Pagination,
  PublicUser,
  StudentAttributes,
  StudentWrite,
  TeacherAttributes,
  TeacherWrite,
  UniversityAttributes,
} from '@plataforma/shared';
import type { Relation, RelationList } from '../../entities/project/types';

export type { Pagination };

/** The four lists of the admins' people screens (ADR 0050). */
export type PeopleKind = 'students' | 'teachers' | 'organizations' | 'coordinators';

/** A person's account as the lists populate it. */
export type PersonAccount = Pick<PublicUser, 'name' | 'surname' | 'email'>;

/**
 * A record's attributes as the lists read them (the shared contract's): partial, as a list asks
 * only for the fields it shows, plus the relations it populates.
 */
interface PersonAttributesByKind {
  students: Partial<StudentAttributes> & {
    user?: Relation<PersonAccount>;
    university?: Relation<Pick<UniversityAttributes, 'name'>>;
    degree?: Relation<Pick<DegreeAttributes, 'name'>>;
  };
  teachers: Partial<TeacherAttributes> & {
    user?: Relation<PersonAccount>;
    university?: Relation<Pick<UniversityAttributes, 'name'>>;
    degrees?: RelationList<Pick<DegreeAttributes, 'name'>>;
  };
  organizations: Partial<OrganizationAttributes> & {
    /** `populate[coordinators][count]`. */
    coordinators?: { data: { attributes: { count: number } } };
  };
  coordinators: Partial<CoordinatorAttributes> & {
    user?: Relation<PersonAccount>;
    organization?: Relation<Pick<OrganizationAttributes, 'name'>>;
  };
}
export type PersonAttributes<K extends PeopleKind = PeopleKind> = PersonAttributesByKind[K];

/**
 * What `PUT /api/<kind>/:id` takes of each kind (the shared contract's write bodies): only what
 * changed is sent, so every field is optional.
 */
interface PersonWriteByKind {
  students: StudentWrite;
  teachers: TeacherWrite;
  organizations: Partial<OrganizationWrite>;
  coordinators: CoordinatorWrite;
}
export type PersonWrite<K extends PeopleKind = PeopleKind> = PersonWriteByKind[K];

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
  attributes: PersonAttributes;
  /** Ids of the populated to-one relations (university, degree, organisation). */
  links: Record<string, number | null>;
  /** The cells after the name, in the kind's column order. */
  cells: Record<string, string>;
}

export interface PeoplePage {
  rows: PersonRow[];
  pagination: Pagination;
}

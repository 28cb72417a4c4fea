import type { PublicUser, SessionAnswer, TeacherVerification } from '@plataforma/shared';

/**
 * The signed-in user as `GET /api/users/me?populate=picture` answers it (users-permissions flat
 * format): the public user's fields the web reads, and the picture. A session's `user` (the shared
 * `PublicUser`) is one too.
 */
export type SessionUser = Pick<
  PublicUser,
  'id' | 'username' | 'email' | 'name' | 'surname' | 'phone' | 'profileType' | 'confirmed'
> & {
  lastLogin?: string | null;
  picture?: { id: number; url: string; mime?: string } | null;
};

/** A `{id, name}` reference to a related record. */
export interface NamedRef {
  id: number;
  name: string;
}

/**
 * Spec §3 "User details (header)": what the header and the modals need about the user's profile
 * record. `profileId` is the student, teacher or coordinator record; admins and users without a
 * profile type have none.
 */
export interface UserDetails {
  profileId: number | null;
  university: NamedRef | null;
  province: string | null;
  phone: string | null;
  organization: NamedRef | null;
  tfxs: { id: number }[];
  /** Teachers only (spec §6: a teacher needs teacher_area loaded). */
  teacherArea: string | null;
  /** Teachers only: whether they may publish (ADR 0051); null when unknown. */
  teacherVerification: TeacherVerification | null;
}

/** `POST /api/auth/local` and the other calls that open a session (ADR 0008). */
export type AuthAnswer = SessionAnswer;

import { PROFILE_COMPLETION_PATH, type ProfileType } from '@plataforma/shared';

/**
 * The two welcomes of spec §2 "Modals", and the teacher's (ADR 0033): spec §2 gives teachers the
 * same profile-completion wizard as students, and their menu waits for teacher_area.
 */
export type WelcomeKind = 'student' | 'teacher' | 'coordinator';

/** Spec §2: "Crear mi organización" redirects to /organizations/create. */
export const ORGANIZATION_CREATION_PATH = '/organizations/create';

/**
 * Where each welcome's main button leads: the student's and the teacher's go to the
 * profile-completion wizard (features/profile-wizard, mounted by app/routes/profile).
 */
export const WELCOME_TARGETS: Record<WelcomeKind, string> = {
  student: PROFILE_COMPLETION_PATH,
  teacher: PROFILE_COMPLETION_PATH,
  coordinator: ORGANIZATION_CREATION_PATH,
};

/** What the welcome needs to know about the signed-in person (user plus profile details). */
export interface WelcomeSubject {
  userId: number;
  profileType: ProfileType | null;
  province: string | null;
  phone: string | null;
  hasOrganization: boolean;
  /** A teacher's knowledge area (spec §2: the teacher's menu needs teacher_area). */
  teacherArea: string | null;
}

function isBlank(value: string | null): boolean {
  return value === null || value.trim() === '';
}

/**
 * Spec §2 "Modals": a student missing province or phone gets the student welcome; a coordinator
 * without an organisation gets theirs; a teacher without teacher_area, the one part of their
 * profile their menu needs, gets the teacher's (ADR 0033). Admins and people without a profile
 * type never get one.
 */
export function welcomeKindFor(subject: WelcomeSubject): WelcomeKind | null {
  switch (subject.profileType) {
    case 'student':
      return isBlank(subject.province) || isBlank(subject.phone) ? 'student' : null;
    case 'teacher':
      return isBlank(subject.teacherArea) ? 'teacher' : null;
    case 'coordinator':
      return subject.hasOrganization ? null : 'coordinator';
    default:
      return null;
  }
}

/** The authentication screens: a welcome never covers them. */
const AUTH_PATHS = ['/user/auth', '/register', '/reset-password', '/forgot-password'];

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * Pages a welcome is not shown on: the authentication screens (signing in, registering, resetting
 * a password) and the page the welcome itself would lead to.
 */
export function isWelcomeBlockedOn(pathname: string, kind: WelcomeKind): boolean {
  return AUTH_PATHS.some((base) => isUnder(pathname, base)) || pathname === WELCOME_TARGETS[kind];
}

export interface WelcomeDecisionInput {
  subject: WelcomeSubject;
  pathname: string;
  /** Spec §4: the registration flag in local storage for this user id (features/auth). */
  isRegistrationPending: boolean;
  /** A welcome was already shown to this user in this browser session (ADR 0017). */
  wasShownThisSession: boolean;
}

/**
 * Which welcome to open now, if any. Right after registration it is always shown (when the data is
 * still missing); otherwise at most once per browser session, so it reminds without nagging.
 */
export function pickWelcome({
  subject,
  pathname,
  isRegistrationPending,
  wasShownThisSession,
}: WelcomeDecisionInput): WelcomeKind | null {
  const kind = welcomeKindFor(subject);
  if (kind === null || isWelcomeBlockedOn(pathname, kind)) return null;
  return isRegistrationPending || !wasShownThisSession ? kind : null;
}

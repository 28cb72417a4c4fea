import type { ProfileType, TeacherVerification } from '@plataforma/shared';

/**
 * The menu model: what the header and the mobile side menu show, as plain data (spec §2 "Header
 * and menu by audience"). `utils/build-menu.ts` derives it; the components only draw it.
 *
 * The inputs are this feature's own views of the session, the permissions and the branding, so the
 * feature does not import the others (the app layer passes them in).
 */

/** A link of the menu. */
export interface MenuLink {
  /** Stable key for React and tests (`student.projects`). */
  id: string;
  label: string;
  /** A path of this site, with its query when it has one (`/profile?section=applys`). */
  href: string;
}

/** A submenu: a button that opens a list of links (a popover on desktop, a titled list in the side menu). */
export interface MenuGroup {
  id: string;
  label: string;
  links: MenuLink[];
}

export type MenuEntry = ({ kind: 'link' } & MenuLink) | ({ kind: 'group' } & MenuGroup);

/**
 * The call to action next to the menu ("Subir mi proyecto", a teacher's "Completar perfil"); the
 * side menu uses `menuLabel`.
 */
export interface MenuAction extends MenuLink {
  menuLabel: string;
  /** The picture beside the label. */
  icon: 'upload' | 'profile';
}

/** What the right-hand side of the header offers. */
export type MenuAccount =
  /** Nothing yet: a session is being restored (token held, user not loaded). */
  | { kind: 'none' }
  /** "Entrar", whose menu signs in or registers. */
  | { kind: 'visitor'; label: string; links: MenuLink[] }
  /** The profile dropdown: these links, then "Cerrar sesión". */
  | { kind: 'member'; links: MenuLink[]; logoutLabel: string };

export interface MenuModel {
  entries: MenuEntry[];
  action: MenuAction | null;
  account: MenuAccount;
  /**
   * Spec §4 Notification: the bell is shown only to a student who has a university and only when
   * the notifications feature is enabled. The bell itself belongs to the communication centre.
   */
  showNotificationBell: boolean;
}

/** Who is looking at the page. `loading`: a token is held but the user is not known yet. */
export type MenuAudience =
  { kind: 'visitor' } | { kind: 'loading' } | { kind: 'member'; profileType: ProfileType | null };

/** Spec §3 "User details (header)": the part the menu reads. */
export interface MenuDetails {
  university: { id: number; name: string } | null;
  organization: { id: number; name: string } | null;
  tfxs: readonly { id: number }[];
  teacherArea: string | null;
  /** A teacher's verification (ADR 0051): pending or rejected ones are not offered to publish. */
  teacherVerification?: TeacherVerification | null;
}

/** Spec §3 "Permissions per feature": the switches the menu reads. */
export interface MenuPermissions {
  projects: { enabled: boolean; create: boolean; update: boolean };
  tfxes: { enabled: boolean; create: boolean; update: boolean };
  externalTfxes: { enabled: boolean };
  resources: { enabled: boolean };
  organizations: { enabled: boolean; create: boolean; update: boolean };
  notifications: { enabled: boolean };
}

export interface MenuInput {
  audience: MenuAudience;
  /** The profile record's details; null while they load (or for users without a profile type). */
  details: MenuDetails | null;
  permissions: MenuPermissions;
  /** Spec §1: the branding origin matches "Murcia". */
  isMurcia: boolean;
}

/** The signed-in user as the profile button shows them. */
export interface MenuUser {
  name: string | null;
  surname: string | null;
  username: string;
  email: string;
  /** Already checked with resolveMediaUrl (or null). */
  pictureUrl: string | null;
}

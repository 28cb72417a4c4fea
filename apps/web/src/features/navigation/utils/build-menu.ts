import {
  COORDINATOR_PROJECTS_PATH,
  ORGANIZATION_EDIT_PATH,
  PROFILE_COMPLETION_PATH,
  TEACHER_PROJECTS_PATH,
  teacherPublishRefusal,
  type ProfileType,
} from '@plataforma/shared';
import type {
  MenuAccount,
  MenuAction,
  MenuDetails,
  MenuEntry,
  MenuInput,
  MenuLink,
  MenuModel,
  MenuPermissions,
} from '../types';

/**
 * Spec §2 "Header and menu by audience". Texts in quotes in the spec are copied verbatim; the
 * labels the spec only describes (admin submenus, the student's resources submenu) are listed in
 * ADR 0014.
 */

/** Spec §2 routes: the login screen ("Iniciar sesión"). */
const LOGIN_PATH = '/user/auth/login';
export const LOGOUT_LABEL = 'Cerrar sesión';

function link(id: string, label: string, href: string): MenuEntry {
  return { kind: 'link', id, label, href };
}

function group(id: string, label: string, links: MenuLink[]): MenuEntry {
  return { kind: 'group', id, label, links };
}

const EMPTY: MenuModel = {
  entries: [],
  action: null,
  account: { kind: 'none' },
  showNotificationBell: false,
};

/**
 * What the header and the mobile side menu offer to this audience. Pure: the same input always
 * gives the same menu, so every condition of spec §2 is tested as a table (build-menu.test.ts).
 */
export function buildMenu({ audience, details, permissions, isMurcia }: MenuInput): MenuModel {
  switch (audience.kind) {
    case 'loading':
      return EMPTY;
    case 'visitor':
      return {
        ...EMPTY,
        entries: visitorEntries(permissions, isMurcia),
        account: {
          kind: 'visitor',
          label: 'Entrar',
          links: [
            { id: 'visitor.login', label: 'Iniciar sesión', href: LOGIN_PATH },
            { id: 'visitor.register', label: 'Registrarse', href: '/register' },
          ],
        },
      };
    case 'member':
      break;
  }

  const { profileType } = audience;
  const communications = profileType === 'student' && hasCommunications(permissions, details);
  const account = memberAccount(
    profileType,
    communications,
    canEditOrganization(permissions, details),
  );
  switch (profileType) {
    case 'student':
      // Spec §2: the student's menu needs the user details loaded.
      if (!details) return { ...EMPTY, account };
      return {
        entries: studentEntries(permissions, isMurcia, communications),
        action: studentAction(permissions, details),
        account,
        showNotificationBell: communications,
      };
    case 'teacher':
      // Spec §2, §6: the teacher's menu needs teacher_area in the details.
      if (!details) return { ...EMPTY, account };
      if (!details.teacherArea?.trim()) {
        // A teacher who has not completed their profile is shown the way to do it rather than an
        // empty header (ADR 0033).
        return { ...EMPTY, action: TEACHER_COMPLETE_PROFILE, account };
      }
      return {
        ...EMPTY,
        entries: teacherEntries(permissions, teacherPublishRefusal(details.teacherVerification)),
        account,
      };
    case 'coordinator':
      if (!details) return { ...EMPTY, account };
      return { ...EMPTY, entries: coordinatorEntries(permissions, details), account };
    case 'admin':
      return { ...EMPTY, entries: adminEntries(permissions), account };
    default:
      // A user who has not chosen a profile type yet: only the profile and signing out.
      return { ...EMPTY, account };
  }
}

function visitorEntries(permissions: MenuPermissions, isMurcia: boolean): MenuEntry[] {
  if (isMurcia && permissions.tfxes.enabled) {
    return [link('visitor.library', 'Biblioteca de trabajos finales', '/tfx')];
  }
  return [];
}

function studentEntries(
  permissions: MenuPermissions,
  isMurcia: boolean,
  communications: boolean,
): MenuEntry[] {
  const { projects, tfxes, resources, externalTfxes } = permissions;
  const entries: MenuEntry[] = [];
  if (projects.enabled) entries.push(link('student.projects', 'Proyectos', '/projects'));
  if (isMurcia) {
    if (resources.enabled && tfxes.enabled) {
      entries.push(
        link('student.resources', 'Recursos U4I', '/resources'),
        link('student.library', 'Biblioteca de TFG/Ms', '/tfx'),
      );
    }
  } else {
    if (tfxes.enabled) entries.push(link('student.library', 'Proyectos Lab', '/tfx'));
    if (externalTfxes.enabled) {
      const links: MenuLink[] = [
        { id: 'student.external', label: 'Repositorio de TFG/Ms', href: '/tfx/external' },
      ];
      // Every item also follows its own feature switch (issue 4), so a university that turned
      // the resources off does not get a link to them here.
      if (resources.enabled) {
        links.push({ id: 'student.resources', label: 'Guías y recursos', href: '/resources' });
      }
      entries.push(group('student.resources-menu', 'Recursos', links));
    }
  }
  if (communications) {
    entries.push(link('student.notifications', 'Comunicaciones', '/profile?section=notifications'));
  }
  return entries;
}

/** The profile-completion wizard (spec §2 Modals), where a teacher gives their teacher_area. */
const TEACHER_COMPLETE_PROFILE: MenuAction = {
  id: 'teacher.complete-profile',
  label: 'Completar perfil',
  menuLabel: 'Completar perfil',
  href: PROFILE_COMPLETION_PATH,
  icon: 'profile',
};

/** Spec §2, §6: uploading one's own finished work, only while the student has none. */
function studentAction(permissions: MenuPermissions, details: MenuDetails): MenuAction | null {
  const { tfxes } = permissions;
  if (!tfxes.enabled || !tfxes.create || details.tfxs.length > 0) return null;
  return {
    id: 'student.upload',
    label: 'Subir mi proyecto',
    menuLabel: 'Subir proyecto',
    href: '/tfx/create/form?status=finished',
    icon: 'upload',
  };
}

/**
 * A teacher waiting for verification, or rejected (ADR 0051), is not offered "Publica tu
 * proyecto": their projects list and panel say why instead.
 */
function teacherEntries(permissions: MenuPermissions, publishRefusal: string | null): MenuEntry[] {
  const entries: MenuEntry[] = [];
  if (permissions.projects.create) {
    if (!publishRefusal) {
      entries.push(link('teacher.publish', 'Publica tu proyecto', '/projects/create'));
    }
    entries.push(
      link('teacher.own', 'Mis proyectos', TEACHER_PROJECTS_PATH),
      link('teacher.dashboard', 'Panel de Control', '/teachers/dashboard'),
    );
  }
  entries.push(link('teacher.projects', 'Ver proyectos', '/projects'));
  return entries;
}

function coordinatorEntries(permissions: MenuPermissions, details: MenuDetails): MenuEntry[] {
  if (details.organization) {
    const entries: MenuEntry[] = [];
    // Publishing follows the projects switch, as it does for teachers (ADR 0014).
    if (permissions.projects.create) {
      entries.push(link('coordinator.publish', 'Publicar mi proyecto', '/projects/create'));
    }
    entries.push(link('coordinator.own', 'Mis proyectos', COORDINATOR_PROJECTS_PATH));
    return entries;
  }
  if (permissions.organizations.create) {
    return [
      link('coordinator.create-organization', 'Crea tu organización', '/organizations/create'),
    ];
  }
  return [];
}

function adminEntries(permissions: MenuPermissions): MenuEntry[] {
  const entries: MenuEntry[] = [
    link('admin.campus', 'Facultades y Grados', '/campus'),
    // Beyond spec §2 (ADR 0049): the impact dashboard.
    link('admin.reports', 'Informes', '/admin/informes'),
    group('admin.users', 'Usuarios', [
      { id: 'admin.teachers', label: 'Profesorado', href: '/teachers/load' },
      { id: 'admin.students', label: 'Estudiantes', href: '/students/load' },
    ]),
  ];
  if (permissions.organizations.enabled) {
    entries.push(link('admin.organizations', 'Empresas', '/organizations/load'));
  }
  if (permissions.projects.enabled && permissions.projects.update) {
    entries.push(
      group('admin.projects', 'Proyectos', [
        { id: 'admin.projects.list', label: 'Ver proyectos', href: '/projects' },
        { id: 'admin.projects.assign', label: 'Asignar proyectos', href: '/projects/asignations' },
        { id: 'admin.projects.applys', label: 'Candidaturas', href: '/projects/applys' },
      ]),
    );
  }
  // Beyond spec §2 (ADR 0041): the staff review and the import of final works, and the
  // resources' editor, in one submenu (the admin's bar is already the longest: one more item would
  // not fit a 1280 px header). Shown whatever the switches say: an admin prepares what they open.
  entries.push(
    group('admin.library', 'Biblioteca', [
      { id: 'admin.library.review', label: 'Revisión de trabajos', href: '/admin/biblioteca' },
      {
        id: 'admin.library.import',
        label: 'Importar trabajos externos',
        href: '/admin/biblioteca/importar',
      },
      { id: 'admin.resources', label: 'Recursos', href: '/admin/recursos' },
    ]),
  );
  // Beyond spec §2: the communications to students (ADR 0046) and the outbox, whose emails they
  // become, share one submenu, the outbox named on its own so an admin finds the emails without
  // knowing where they live. The settings area (ADR 0016) is in the account menu (memberAccount):
  // the admin's bar has no room for one more item at 1280 px.
  entries.push(
    group('admin.communications', 'Comunicaciones', [
      {
        id: 'admin.communications.new',
        label: 'Nueva comunicación',
        href: '/admin/comunicaciones/nueva',
      },
      { id: 'admin.communications.history', label: 'Historial', href: '/admin/comunicaciones' },
      { id: 'admin.outbox', label: 'Correo saliente', href: '/admin/ajustes/correo' },
    ]),
  );
  return entries;
}

/**
 * Whether a student has a communication centre: spec §4 shows notifications only to a student who
 * has a university, and only while the notifications feature is enabled. The menu entry, the
 * profile dropdown's link, the bell and the profile's "Comunicaciones" tab all follow this one
 * rule (ADR 0033), so none of them leads to a centre the others hide. False while the details load.
 */
export function hasCommunications(
  permissions: Pick<MenuPermissions, 'notifications'>,
  details: Pick<MenuDetails, 'university'> | null,
): boolean {
  return permissions.notifications.enabled && details !== null && details.university !== null;
}

/**
 * A coordinator with an organisation edits it at /organizations/editar while their
 * organizations.update switch is on (ADR 0033).
 */
function canEditOrganization(permissions: MenuPermissions, details: MenuDetails | null): boolean {
  const { enabled, update } = permissions.organizations;
  return enabled && update && details?.organization != null;
}

/**
 * The profile dropdown (spec §2): the student's profile sections; a coordinator's organisation
 * (ADR 0033); the others only have "Perfil".
 */
function memberAccount(
  profileType: ProfileType | null,
  communications: boolean,
  organization: boolean,
): MenuAccount {
  const links: MenuLink[] = [{ id: 'profile', label: 'Perfil', href: '/profile' }];
  if (profileType === 'student') {
    links.push(
      { id: 'profile.applys', label: 'Candidaturas', href: '/profile?section=applys' },
      { id: 'profile.projects', label: 'Proyectos guardados', href: '/profile?section=projects' },
      { id: 'profile.ongoing', label: 'Proyectos en marcha', href: '/profile?section=ongoing' },
      { id: 'profile.tfx', label: 'Proyectos publicados', href: '/profile?section=tfx' },
    );
    if (communications) {
      links.push({
        id: 'profile.notifications',
        label: 'Comunicaciones',
        href: '/profile?section=notifications',
      });
    }
  }
  if (profileType === 'admin') {
    // Beyond spec §2: the administration home (ADR 0066) and the settings (ADR 0016, ADR 0049),
    // where account menus keep them; the admin's bar has no room for one more item at 1280 px.
    links.push(
      { id: 'admin.home', label: 'Administración', href: '/admin' },
      { id: 'admin.settings', label: 'Ajustes', href: '/admin/ajustes' },
    );
  }
  if (profileType === 'coordinator' && organization) {
    links.push({
      id: 'profile.organization',
      label: 'Mi organización',
      href: ORGANIZATION_EDIT_PATH,
    });
  }
  return { kind: 'member', links, logoutLabel: LOGOUT_LABEL };
}

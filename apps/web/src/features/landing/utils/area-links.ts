import {
  COORDINATOR_PROJECTS_PATH,
  ORGANIZATION_EDIT_PATH,
  PROFILE_COMPLETION_PATH,
  TEACHER_PROJECTS_PATH,
} from '@plataforma/shared';
import type { LandingIconName } from '../components/landing-icon';

/** The feature switches the welcome needs (spec §3 Permissions per feature). */
export interface AreaPermissions {
  projects: { enabled: boolean; create: boolean; update: boolean };
  tfxes: { enabled: boolean };
  resources: { enabled: boolean };
  notifications: { enabled: boolean };
  organizations: { enabled: boolean; create: boolean; update: boolean };
}

export interface AreaInput {
  profileType: 'student' | 'teacher' | 'coordinator' | 'admin' | null;
  /** A coordinator's organisation (spec §2: with or without one, the menu differs). */
  hasOrganization: boolean;
  /**
   * A student's communication centre: the header's rule (spec §4: a university and the
   * notifications switch), passed in so both follow the same one (ADR 0033).
   */
  hasCommunications: boolean;
  /**
   * A teacher whose details are loaded and lack teacher_area: like the header (spec §2), the home
   * leads them to complete their profile before the teacher's places (ADR 0033).
   */
  needsTeacherArea: boolean;
  permissions: AreaPermissions;
}

export interface AreaLink {
  label: string;
  description: string;
  to: string;
  icon: LandingIconName;
}

/** What each role's profile page holds (ADR 0017): the tile says it in its own words. */
const PROFILE_DESCRIPTIONS: Record<NonNullable<AreaInput['profileType']> | 'none', string> = {
  student: 'Tus datos, tus candidaturas y tus proyectos guardados.',
  teacher: 'Tus datos, tu área de conocimiento y los grados en los que das clase.',
  coordinator: 'Tus datos de contacto y la contraseña de tu cuenta.',
  admin: 'Tu nombre, tu teléfono y la contraseña de tu cuenta de administración.',
  none: 'Tus datos y la contraseña de tu cuenta.',
};

function profileLink(profileType: AreaInput['profileType']): AreaLink {
  return {
    label: 'Perfil',
    description: PROFILE_DESCRIPTIONS[profileType ?? 'none'],
    to: '/profile',
    icon: 'user',
  };
}

/**
 * What a signed-in person finds on `/` instead of the presentation (ADR 0015): the main places of
 * their area, with the labels and conditions of the header (spec §2 Header and menu by audience).
 */
export function areaLinksFor({
  profileType,
  hasOrganization,
  hasCommunications,
  needsTeacherArea,
  permissions,
}: AreaInput): AreaLink[] {
  const links: (AreaLink | false)[] = [];
  switch (profileType) {
    case 'student':
      links.push(
        permissions.projects.enabled && {
          label: 'Proyectos',
          description: 'Explora los proyectos publicados, guárdalos y presenta tu candidatura.',
          to: '/projects',
          icon: 'search',
        },
        permissions.tfxes.enabled && {
          label: 'Biblioteca de trabajos finales',
          description: 'Trabajos de fin de grado y máster con impacto social.',
          to: '/tfx',
          icon: 'library',
        },
        permissions.resources.enabled && {
          label: 'Recursos',
          description: 'Guías y materiales para preparar tu TFG o TFM.',
          to: '/resources',
          icon: 'spark',
        },
        hasCommunications && {
          label: 'Comunicaciones',
          description: 'Los avisos que te envían sobre tus candidaturas y proyectos.',
          to: '/profile?section=notifications',
          icon: 'bell',
        },
      );
      break;
    case 'teacher':
      if (needsTeacherArea) {
        links.push({
          label: 'Completar perfil',
          description: 'Tu universidad, tus grados y tu área de conocimiento, en 2 minutos.',
          to: PROFILE_COMPLETION_PATH,
          icon: 'check',
        });
        break;
      }
      links.push(
        permissions.projects.create && {
          label: 'Publica tu proyecto',
          description: 'Propón un proyecto para que lo desarrollen tus estudiantes.',
          to: '/projects/create',
          icon: 'plus',
        },
        permissions.projects.create && {
          label: 'Mis proyectos',
          description: 'Los proyectos que has publicado y sus candidaturas.',
          to: TEACHER_PROJECTS_PATH,
          icon: 'bookmark',
        },
        permissions.projects.create && {
          label: 'Panel de Control',
          description: 'El seguimiento de los trabajos que tutorizas.',
          to: '/teachers/dashboard',
          icon: 'chart',
        },
        {
          label: 'Ver proyectos',
          description: 'Todos los proyectos publicados en la plataforma.',
          to: '/projects',
          icon: 'search',
        },
      );
      break;
    case 'coordinator':
      if (hasOrganization) {
        links.push(
          {
            label: 'Publicar mi proyecto',
            description: 'Plantea un reto de tu organización al talento universitario.',
            to: '/projects/create',
            icon: 'plus',
          },
          {
            label: 'Mis proyectos',
            description: 'Los proyectos de tu organización y sus candidaturas.',
            to: COORDINATOR_PROJECTS_PATH,
            icon: 'bookmark',
          },
          permissions.organizations.enabled &&
            permissions.organizations.update && {
              label: 'Mi organización',
              description: 'Los datos que los estudiantes ven de tu organización y su contacto.',
              to: ORGANIZATION_EDIT_PATH,
              icon: 'organization',
            },
        );
      } else {
        links.push(
          permissions.organizations.create && {
            label: 'Crea tu organización',
            description: 'El primer paso para publicar proyectos.',
            to: '/organizations/create',
            icon: 'organization',
          },
        );
      }
      break;
    case 'admin':
      links.push(
        // The administration home (ADR 0066), where an admin lands after signing in.
        {
          label: 'Administración',
          description:
            'Lo que espera tu decisión: profesorado, trabajos, proyectos, correos y cargas.',
          to: '/admin',
          icon: 'check',
        },
        {
          label: 'Facultades y Grados',
          description: 'Campus, grados y convocatorias.',
          to: '/campus',
          icon: 'student',
        },
        // The impact dashboard (ADR 0049).
        {
          label: 'Informes',
          description:
            'Las cifras de impacto por universidad y periodo: estudiantes, proyectos, horas y ODS.',
          to: '/admin/informes',
          icon: 'chart',
        },
        permissions.projects.enabled &&
          permissions.projects.update && {
            label: 'Asignar proyectos',
            description: 'Asigna proyectos a estudiantes y revisa las candidaturas.',
            to: '/projects/asignations',
            icon: 'people',
          },
        // The library's admin pages (ADR 0041), whatever the switches say, as in the header's
        // "Biblioteca" submenu: an admin prepares the library and the resources before opening them.
        {
          label: 'Biblioteca',
          description:
            'Revisa los trabajos finales que envían los estudiantes e importa trabajos externos.',
          to: '/admin/biblioteca',
          icon: 'library',
        },
        {
          label: 'Recursos',
          description: 'Escribe, publica y actualiza las guías y materiales para estudiantes.',
          to: '/admin/recursos',
          icon: 'spark',
        },
        {
          label: 'Ajustes',
          description: 'Imagen de la plataforma, permisos, pie de página y avisos.',
          to: '/admin/ajustes',
          icon: 'settings',
        },
      );
      break;
    case null:
      break;
  }
  return [...links.filter((link): link is AreaLink => link !== false), profileLink(profileType)];
}

import { ALLOWED_FILE_TYPES, type Feature } from '@plataforma/shared';
import type { PermissionFlag, PermissionRole } from './types';

/** The roles of the permission matrix, in the order the screen shows them. */
export const PERMISSION_ROLES: { role: PermissionRole; label: string }[] = [
  { role: 'public', label: 'Visitantes' },
  { role: 'student', label: 'Estudiantes' },
  { role: 'teacher', label: 'Profesorado' },
  { role: 'coordinator', label: 'Coordinadores' },
  { role: 'admin', label: 'Administración' },
];

/**
 * The seven features of spec §3 "Permissions per feature" with the flags each has, in Spanish.
 * `description` says what the switches change, from spec §2 "Header and menu by audience".
 */
export const PERMISSION_FEATURES: {
  feature: Feature;
  label: string;
  description: string;
  flags: PermissionFlag[];
}[] = [
  {
    feature: 'projects',
    label: 'Proyectos',
    description:
      'Lista de proyectos. Crear: publicar proyectos. Editar: gestión de proyectos (asignar y revisar candidaturas).',
    flags: ['enabled', 'create', 'update'],
  },
  {
    feature: 'tfxes',
    label: 'Biblioteca de trabajos finales',
    description: 'Biblioteca de TFG y TFM. Crear: subir el trabajo final propio.',
    flags: ['enabled', 'create', 'update'],
  },
  {
    feature: 'tfx',
    label: 'Trabajo final',
    description: 'Consulta de cada trabajo final.',
    flags: ['enabled'],
  },
  {
    feature: 'externalTfxes',
    label: 'Trabajos finales externos',
    description: 'Repositorio de trabajos finales externos (submenú Recursos).',
    flags: ['enabled'],
  },
  {
    feature: 'resources',
    label: 'Recursos',
    description: 'Sección de recursos.',
    flags: ['enabled'],
  },
  {
    feature: 'organizations',
    label: 'Organizaciones',
    description: 'Empresas y organizaciones. Crear: crear una organización.',
    flags: ['enabled', 'create', 'update'],
  },
  {
    feature: 'notifications',
    label: 'Comunicaciones',
    description: 'Centro de comunicaciones y campana de avisos del estudiantado.',
    flags: ['enabled'],
  },
];

export const FLAG_LABELS: Record<PermissionFlag, string> = {
  enabled: 'acceso',
  create: 'crear',
  update: 'editar',
};

/**
 * Fonts the web bundles (self-hosted, no font CDN: stack notes). A font added here must also be
 * installed (@fontsource) and imported in main.tsx.
 */
export const SELF_HOSTED_FONTS = ['Montserrat'] as const;

/** Image types a logo or footer image may have: spec §5's list without pdf. */
export const IMAGE_FILE_TYPES = ALLOWED_FILE_TYPES.filter((type) => type !== 'pdf');

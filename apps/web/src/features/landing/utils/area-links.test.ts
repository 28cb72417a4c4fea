import { describe, expect, it } from 'vitest';
import { areaLinksFor, type AreaPermissions } from './area-links';

const ALL_ON: AreaPermissions = {
  projects: { enabled: true, create: true, update: true },
  tfxes: { enabled: true },
  resources: { enabled: true },
  notifications: { enabled: true },
  organizations: { enabled: true, create: true, update: true },
};
const ALL_OFF: AreaPermissions = {
  projects: { enabled: false, create: false, update: false },
  tfxes: { enabled: false },
  resources: { enabled: false },
  notifications: { enabled: false },
  organizations: { enabled: false, create: false, update: false },
};

type Input = Parameters<typeof areaLinksFor>[0];
type Defaulted = 'hasCommunications' | 'needsTeacherArea';
const labels = (input: Omit<Input, Defaulted> & Partial<Pick<Input, Defaulted>>) =>
  areaLinksFor({ hasCommunications: true, needsTeacherArea: false, ...input }).map(
    (l) => `${l.label} → ${l.to}`,
  );
const profileTile = (profileType: Input['profileType']) =>
  areaLinksFor({
    profileType,
    hasOrganization: true,
    hasCommunications: false,
    needsTeacherArea: false,
    permissions: ALL_ON,
  }).find((l) => l.to === '/profile');

describe('areaLinksFor', () => {
  it('a student with every feature on gets projects, library, resources, communications and profile', () => {
    expect(labels({ profileType: 'student', hasOrganization: false, permissions: ALL_ON })).toEqual(
      [
        'Proyectos → /projects',
        'Biblioteca de trabajos finales → /tfx',
        'Recursos → /resources',
        'Comunicaciones → /profile?section=notifications',
        'Perfil → /profile',
      ],
    );
  });

  it('a student without a university gets no "Comunicaciones" (spec §4, as in the header)', () => {
    expect(
      labels({
        profileType: 'student',
        hasOrganization: false,
        hasCommunications: false,
        permissions: ALL_ON,
      }),
    ).not.toContain('Comunicaciones → /profile?section=notifications');
  });

  it('with every feature off, a student only gets the profile', () => {
    expect(
      labels({
        profileType: 'student',
        hasOrganization: false,
        // Notifications off: the caller's rule says no communication centre.
        hasCommunications: false,
        permissions: ALL_OFF,
      }),
    ).toEqual(['Perfil → /profile']);
  });

  it('a teacher always gets "Ver proyectos", and the publishing places only with projects.create', () => {
    expect(labels({ profileType: 'teacher', hasOrganization: false, permissions: ALL_ON })).toEqual(
      [
        'Publica tu proyecto → /projects/create',
        'Mis proyectos → /projects/personal',
        'Panel de Control → /teachers/dashboard',
        'Ver proyectos → /projects',
        'Perfil → /profile',
      ],
    );
    expect(
      labels({ profileType: 'teacher', hasOrganization: false, permissions: ALL_OFF }),
    ).toEqual(['Ver proyectos → /projects', 'Perfil → /profile']);
  });

  it('a teacher without teacher_area is led to complete their profile first, as the header does (spec §2)', () => {
    expect(
      labels({
        profileType: 'teacher',
        hasOrganization: false,
        needsTeacherArea: true,
        permissions: ALL_ON,
      }),
    ).toEqual(['Completar perfil → /profile/completar', 'Perfil → /profile']);
  });

  it('a coordinator with an organisation publishes; without one is invited to create it', () => {
    expect(
      labels({ profileType: 'coordinator', hasOrganization: true, permissions: ALL_ON }),
    ).toEqual([
      'Publicar mi proyecto → /projects/create',
      'Mis proyectos → /organizations',
      'Mi organización → /organizations/editar',
      'Perfil → /profile',
    ]);
    expect(
      labels({
        profileType: 'coordinator',
        hasOrganization: true,
        permissions: { ...ALL_ON, organizations: { enabled: true, create: true, update: false } },
      }),
    ).not.toContain('Mi organización → /organizations/editar');
    expect(
      labels({ profileType: 'coordinator', hasOrganization: false, permissions: ALL_ON }),
    ).toEqual(['Crea tu organización → /organizations/create', 'Perfil → /profile']);
    expect(
      labels({ profileType: 'coordinator', hasOrganization: false, permissions: ALL_OFF }),
    ).toEqual(['Perfil → /profile']);
  });

  it('an admin gets their home, faculties, reports, project assignment (projects enabled and update), the library, resources and settings', () => {
    expect(labels({ profileType: 'admin', hasOrganization: false, permissions: ALL_ON })).toEqual([
      'Administración → /admin',
      'Facultades y Grados → /campus',
      'Informes → /admin/informes',
      'Asignar proyectos → /projects/asignations',
      'Biblioteca → /admin/biblioteca',
      'Recursos → /admin/recursos',
      'Ajustes → /admin/ajustes',
      'Perfil → /profile',
    ]);
    // The library's admin pages do not follow the switches: the admin prepares them (ADR 0041).
    expect(labels({ profileType: 'admin', hasOrganization: false, permissions: ALL_OFF })).toEqual([
      'Administración → /admin',
      'Facultades y Grados → /campus',
      'Informes → /admin/informes',
      'Biblioteca → /admin/biblioteca',
      'Recursos → /admin/recursos',
      'Ajustes → /admin/ajustes',
      'Perfil → /profile',
    ]);
  });

  it("the admin's library tiles have their own icons and say what each page is for", () => {
    const tiles = areaLinksFor({
      profileType: 'admin',
      hasOrganization: false,
      hasCommunications: false,
      needsTeacherArea: false,
      permissions: ALL_ON,
    }).filter(
      (link) =>
        link.to.startsWith('/admin/') &&
        link.to !== '/admin/ajustes' &&
        link.to !== '/admin/informes',
    );
    expect(tiles.map(({ icon, description }) => ({ icon, description }))).toEqual([
      {
        icon: 'library',
        description:
          'Revisa los trabajos finales que envían los estudiantes e importa trabajos externos.',
      },
      {
        icon: 'spark',
        description: 'Escribe, publica y actualiza las guías y materiales para estudiantes.',
      },
    ]);
  });

  it("the admin's reports tile is a chart and says what it shows", () => {
    const tile = areaLinksFor({
      profileType: 'admin',
      hasOrganization: false,
      hasCommunications: false,
      needsTeacherArea: false,
      permissions: ALL_OFF,
    }).find((link) => link.to === '/admin/informes');
    expect(tile).toMatchObject({ label: 'Informes', icon: 'chart' });
    expect(tile?.description).toContain('universidad y periodo');
  });

  it("each role's profile tile says what that role's profile holds", () => {
    expect(profileTile('student')?.description).toBe(
      'Tus datos, tus candidaturas y tus proyectos guardados.',
    );
    const descriptions = (['teacher', 'coordinator', 'admin', null] as const).map(
      (role) => profileTile(role)?.description,
    );
    expect(descriptions).not.toContain('Tus datos, tus candidaturas y tus proyectos guardados.');
    expect(new Set(descriptions).size).toBe(descriptions.length);
    expect(profileTile('admin')?.description).toBe(
      'Tu nombre, tu teléfono y la contraseña de tu cuenta de administración.',
    );
  });

  it('an account without a profile type yet only gets the profile', () => {
    expect(labels({ profileType: null, hasOrganization: false, permissions: ALL_ON })).toEqual([
      'Perfil → /profile',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { MenuDetails, MenuEntry, MenuInput, MenuModel, MenuPermissions } from '../types';
import { buildMenu, hasCommunications } from './build-menu';

/** Every switch on, as the demo data has them. */
function allOn(): MenuPermissions {
  return {
    projects: { enabled: true, create: true, update: true },
    tfxes: { enabled: true, create: true, update: true },
    externalTfxes: { enabled: true },
    resources: { enabled: true },
    organizations: { enabled: true, create: true, update: true },
    notifications: { enabled: true },
  };
}

/** All switches on except the ones given (deep-merged per feature). */
function permissionsWith(changes: {
  [K in keyof MenuPermissions]?: Partial<MenuPermissions[K]>;
}): MenuPermissions {
  const base = allOn();
  for (const key of Object.keys(changes) as (keyof MenuPermissions)[]) {
    Object.assign(base[key], changes[key]);
  }
  return base;
}

function details(overrides: Partial<MenuDetails> = {}): MenuDetails {
  return {
    university: { id: 1, name: 'Universidad de Murcia' },
    organization: null,
    tfxs: [],
    teacherArea: null,
    ...overrides,
  };
}

function menu(input: Partial<MenuInput> & Pick<MenuInput, 'audience'>): MenuModel {
  return buildMenu({ details: null, permissions: allOn(), isMurcia: false, ...input });
}

const student = { kind: 'member', profileType: 'student' } as const;
const teacher = { kind: 'member', profileType: 'teacher' } as const;
const coordinator = { kind: 'member', profileType: 'coordinator' } as const;
const admin = { kind: 'member', profileType: 'admin' } as const;

/** The entries as "label → href" lines, submenus as "label: [...]", to compare whole menus. */
function lines(entries: MenuEntry[]): unknown[] {
  return entries.map((entry) =>
    entry.kind === 'link'
      ? `${entry.label} → ${entry.href}`
      : { [entry.label]: entry.links.map((l) => `${l.label} → ${l.href}`) },
  );
}

function accountLines(model: MenuModel): string[] {
  return model.account.kind === 'none'
    ? []
    : model.account.links.map((l) => `${l.label} → ${l.href}`);
}

describe('buildMenu for a visitor', () => {
  it('offers "Entrar" with "Iniciar sesión" and "Registrarse" and no other item', () => {
    const model = menu({ audience: { kind: 'visitor' } });
    expect(model.entries).toEqual([]);
    expect(model.action).toBeNull();
    expect(model.account).toMatchObject({ kind: 'visitor', label: 'Entrar' });
    expect(accountLines(model)).toEqual([
      'Iniciar sesión → /user/auth/login',
      'Registrarse → /register',
    ]);
    expect(model.showNotificationBell).toBe(false);
  });

  it('on a Murcia-origin brand with tfxes enabled, adds "Biblioteca de trabajos finales" → /tfx', () => {
    const model = menu({ audience: { kind: 'visitor' }, isMurcia: true });
    expect(lines(model.entries)).toEqual(['Biblioteca de trabajos finales → /tfx']);
  });

  it('on a Murcia-origin brand with tfxes disabled, has no library link', () => {
    const model = menu({
      audience: { kind: 'visitor' },
      isMurcia: true,
      permissions: permissionsWith({ tfxes: { enabled: false } }),
    });
    expect(model.entries).toEqual([]);
  });
});

describe('buildMenu while a session is being restored', () => {
  it('offers nothing: neither "Entrar" nor a profile', () => {
    const model = menu({ audience: { kind: 'loading' }, details: details() });
    expect(model).toEqual({
      entries: [],
      action: null,
      account: { kind: 'none' },
      showNotificationBell: false,
    });
  });
});

describe('buildMenu for a student', () => {
  it('before the user details are loaded, shows only the profile dropdown', () => {
    const model = menu({ audience: student, details: null });
    expect(model.entries).toEqual([]);
    expect(model.action).toBeNull();
    expect(model.showNotificationBell).toBe(false);
    expect(model.account.kind).toBe('member');
  });

  it('on other brands with everything on: Proyectos, Proyectos Lab, the Recursos submenu, Comunicaciones and "Subir mi proyecto"', () => {
    const model = menu({ audience: student, details: details() });
    expect(lines(model.entries)).toEqual([
      'Proyectos → /projects',
      'Proyectos Lab → /tfx',
      { Recursos: ['Repositorio de TFG/Ms → /tfx/external', 'Guías y recursos → /resources'] },
      'Comunicaciones → /profile?section=notifications',
    ]);
    expect(model.action).toEqual({
      id: 'student.upload',
      label: 'Subir mi proyecto',
      menuLabel: 'Subir proyecto',
      href: '/tfx/create/form?status=finished',
      icon: 'upload',
    });
  });

  it('on a Murcia-origin brand: Proyectos, "Recursos U4I" and "Biblioteca de TFG/Ms", no Recursos submenu', () => {
    const model = menu({ audience: student, details: details(), isMurcia: true });
    expect(lines(model.entries)).toEqual([
      'Proyectos → /projects',
      'Recursos U4I → /resources',
      'Biblioteca de TFG/Ms → /tfx',
      'Comunicaciones → /profile?section=notifications',
    ]);
  });

  it.each([
    ['resources', permissionsWith({ resources: { enabled: false } })],
    ['tfxes', permissionsWith({ tfxes: { enabled: false } })],
  ])(
    'on a Murcia-origin brand with %s disabled, neither "Recursos U4I" nor the library show',
    (_feature, permissions) => {
      const model = menu({ audience: student, details: details(), isMurcia: true, permissions });
      expect(lines(model.entries)).toEqual([
        'Proyectos → /projects',
        'Comunicaciones → /profile?section=notifications',
      ]);
    },
  );

  it('with projects disabled, "Proyectos" is not shown', () => {
    const model = menu({
      audience: student,
      details: details(),
      permissions: permissionsWith({ projects: { enabled: false } }),
    });
    expect(model.entries.map((e) => e.label)).not.toContain('Proyectos');
    expect(model.entries[0]?.label).toBe('Proyectos Lab');
  });

  it('on other brands with tfxes disabled, "Proyectos Lab" and the upload button are not shown', () => {
    const model = menu({
      audience: student,
      details: details(),
      permissions: permissionsWith({ tfxes: { enabled: false } }),
    });
    expect(model.entries.map((e) => e.label)).toEqual(['Proyectos', 'Recursos', 'Comunicaciones']);
    expect(model.action).toBeNull();
  });

  it('on other brands with externalTfxes disabled, there is no Recursos submenu', () => {
    const model = menu({
      audience: student,
      details: details(),
      permissions: permissionsWith({ externalTfxes: { enabled: false } }),
    });
    expect(model.entries.map((e) => e.label)).toEqual([
      'Proyectos',
      'Proyectos Lab',
      'Comunicaciones',
    ]);
  });

  it('on other brands with resources disabled, the Recursos submenu keeps only the external works', () => {
    const model = menu({
      audience: student,
      details: details(),
      permissions: permissionsWith({ resources: { enabled: false } }),
    });
    expect(lines(model.entries)).toContainEqual({
      Recursos: ['Repositorio de TFG/Ms → /tfx/external'],
    });
  });

  it('with notifications disabled, "Comunicaciones" leaves the menu and the dropdown, and there is no bell', () => {
    const model = menu({
      audience: student,
      details: details(),
      permissions: permissionsWith({ notifications: { enabled: false } }),
    });
    expect(model.entries.map((e) => e.label)).not.toContain('Comunicaciones');
    expect(accountLines(model)).not.toContain('Comunicaciones → /profile?section=notifications');
    expect(model.showNotificationBell).toBe(false);
  });

  it('when the student already has a tfx, "Subir mi proyecto" is not offered', () => {
    const model = menu({ audience: student, details: details({ tfxs: [{ id: 4 }] }) });
    expect(model.action).toBeNull();
  });

  it('when the student may not create tfxes, "Subir mi proyecto" is not offered', () => {
    const model = menu({
      audience: student,
      details: details(),
      permissions: permissionsWith({ tfxes: { create: false } }),
    });
    expect(model.action).toBeNull();
    expect(model.entries.map((e) => e.label)).toContain('Proyectos Lab');
  });

  it('the notification bell needs a university and the notifications switch', () => {
    expect(menu({ audience: student, details: details() }).showNotificationBell).toBe(true);
    expect(
      menu({ audience: student, details: details({ university: null }) }).showNotificationBell,
    ).toBe(false);
  });

  it('without a university (right after registration), "Comunicaciones" is neither in the menu nor in the dropdown (spec §4)', () => {
    const model = menu({ audience: student, details: details({ university: null }) });
    expect(lines(model.entries)).toEqual([
      'Proyectos → /projects',
      'Proyectos Lab → /tfx',
      { Recursos: ['Repositorio de TFG/Ms → /tfx/external', 'Guías y recursos → /resources'] },
    ]);
    expect(accountLines(model)).not.toContain('Comunicaciones → /profile?section=notifications');
    expect(model.showNotificationBell).toBe(false);
  });

  it('before the details say whether there is a university, the dropdown does not offer "Comunicaciones"', () => {
    const model = menu({ audience: student, details: null });
    expect(accountLines(model)).not.toContain('Comunicaciones → /profile?section=notifications');
  });

  it('the profile dropdown lists the profile sections in the spec order', () => {
    const model = menu({ audience: student, details: details() });
    expect(accountLines(model)).toEqual([
      'Perfil → /profile',
      'Candidaturas → /profile?section=applys',
      'Proyectos guardados → /profile?section=projects',
      'Proyectos en marcha → /profile?section=ongoing',
      'Proyectos publicados → /profile?section=tfx',
      'Comunicaciones → /profile?section=notifications',
    ]);
    expect(model.account).toMatchObject({ kind: 'member', logoutLabel: 'Cerrar sesión' });
  });
});

describe('hasCommunications', () => {
  it('needs the notifications switch and a university, and says no while the details load', () => {
    const on = allOn();
    const off = permissionsWith({ notifications: { enabled: false } });
    expect(hasCommunications(on, details())).toBe(true);
    expect(hasCommunications(on, details({ university: null }))).toBe(false);
    expect(hasCommunications(on, null)).toBe(false);
    expect(hasCommunications(off, details())).toBe(false);
  });
});

describe('buildMenu for a teacher', () => {
  it('with teacher_area and projects.create: publish, own projects, dashboard, then "Ver proyectos"', () => {
    const model = menu({ audience: teacher, details: details({ teacherArea: 'Humanidades' }) });
    expect(lines(model.entries)).toEqual([
      'Publica tu proyecto → /projects/create',
      'Mis proyectos → /projects/personal',
      'Panel de Control → /teachers/dashboard',
      'Ver proyectos → /projects',
    ]);
    expect(model.action).toBeNull();
    expect(model.showNotificationBell).toBe(false);
  });

  it.each(['pending', 'rejected'] as const)(
    'while %s (not verified), no "Publica tu proyecto": their projects and panel say why',
    (teacherVerification) => {
      const model = menu({
        audience: teacher,
        details: details({ teacherArea: 'Humanidades', teacherVerification }),
      });
      expect(lines(model.entries)).toEqual([
        'Mis proyectos → /projects/personal',
        'Panel de Control → /teachers/dashboard',
        'Ver proyectos → /projects',
      ]);
    },
  );

  it('once verified, "Publica tu proyecto" again', () => {
    const model = menu({
      audience: teacher,
      details: details({ teacherArea: 'Humanidades', teacherVerification: 'verified' }),
    });
    expect(lines(model.entries)[0]).toBe('Publica tu proyecto → /projects/create');
  });

  it('without projects.create: only "Ver proyectos"', () => {
    const model = menu({
      audience: teacher,
      details: details({ teacherArea: 'Humanidades' }),
      permissions: permissionsWith({ projects: { create: false } }),
    });
    expect(lines(model.entries)).toEqual(['Ver proyectos → /projects']);
  });

  it('without teacher_area (or before the details load): no role items, only the profile', () => {
    expect(menu({ audience: teacher, details: details() }).entries).toEqual([]);
    expect(menu({ audience: teacher, details: null }).entries).toEqual([]);
    expect(accountLines(menu({ audience: teacher, details: null }))).toEqual(['Perfil → /profile']);
  });

  it('without teacher_area, the call to action "Completar perfil" leads into their wizard', () => {
    const model = menu({ audience: teacher, details: details() });
    expect(model.action).toEqual({
      id: 'teacher.complete-profile',
      label: 'Completar perfil',
      menuLabel: 'Completar perfil',
      href: '/profile/completar',
      icon: 'profile',
    });
  });

  it('while the details load, or once teacher_area is there, no "Completar perfil"', () => {
    expect(menu({ audience: teacher, details: null }).action).toBeNull();
    expect(
      menu({ audience: teacher, details: details({ teacherArea: 'Humanidades' }) }).action,
    ).toBeNull();
  });

  it('the profile dropdown has only "Perfil" (and "Cerrar sesión")', () => {
    const model = menu({ audience: teacher, details: details({ teacherArea: 'Humanidades' }) });
    expect(accountLines(model)).toEqual(['Perfil → /profile']);
    expect(model.account).toMatchObject({ logoutLabel: 'Cerrar sesión' });
  });
});

describe('buildMenu for a coordinator', () => {
  const organization = { id: 3, name: 'Fundación Mar Limpio' };

  it('with an organisation: "Publicar mi proyecto" and "Mis proyectos"; the profile menu edits the organisation', () => {
    const model = menu({ audience: coordinator, details: details({ organization }) });
    expect(lines(model.entries)).toEqual([
      'Publicar mi proyecto → /projects/create',
      'Mis proyectos → /organizations',
    ]);
    expect(accountLines(model)).toEqual([
      'Perfil → /profile',
      'Mi organización → /organizations/editar',
    ]);
  });

  it('without organizations.update (or without an organisation), no "Mi organización"', () => {
    const noUpdate = permissionsWith({ organizations: { update: false } });
    expect(
      accountLines(
        menu({ audience: coordinator, details: details({ organization }), permissions: noUpdate }),
      ),
    ).toEqual(['Perfil → /profile']);
    expect(accountLines(menu({ audience: coordinator, details: details() }))).toEqual([
      'Perfil → /profile',
    ]);
  });

  it('with an organisation but without projects.create: only "Mis proyectos"', () => {
    const model = menu({
      audience: coordinator,
      details: details({ organization }),
      permissions: permissionsWith({ projects: { create: false } }),
    });
    expect(lines(model.entries)).toEqual(['Mis proyectos → /organizations']);
  });

  it('without an organisation: "Crea tu organización"', () => {
    const model = menu({ audience: coordinator, details: details() });
    expect(lines(model.entries)).toEqual(['Crea tu organización → /organizations/create']);
  });

  it('without an organisation and without organizations.create: nothing to offer', () => {
    const model = menu({
      audience: coordinator,
      details: details(),
      permissions: permissionsWith({ organizations: { create: false } }),
    });
    expect(model.entries).toEqual([]);
  });

  it('before the details load: no role items', () => {
    expect(menu({ audience: coordinator, details: null }).entries).toEqual([]);
  });
});

describe('buildMenu for an admin', () => {
  it('with everything on: campus, reports, users, companies, projects, library, resources, settings, communications and outbox', () => {
    const model = menu({ audience: admin, details: details({ university: null }) });
    expect(lines(model.entries)).toEqual([
      'Facultades y Grados → /campus',
      'Informes → /admin/informes',
      { Usuarios: ['Profesorado → /teachers/load', 'Estudiantes → /students/load'] },
      'Empresas → /organizations/load',
      {
        Proyectos: [
          'Ver proyectos → /projects',
          'Asignar proyectos → /projects/asignations',
          'Candidaturas → /projects/applys',
        ],
      },
      {
        Biblioteca: [
          'Revisión de trabajos → /admin/biblioteca',
          'Importar trabajos externos → /admin/biblioteca/importar',
          'Recursos → /admin/recursos',
        ],
      },
      {
        Comunicaciones: [
          'Nueva comunicación → /admin/comunicaciones/nueva',
          'Historial → /admin/comunicaciones',
          'Correo saliente → /admin/ajustes/correo',
        ],
      },
    ]);
    // The administration home (ADR 0066) and the settings are in the account menu: the bar has
    // no room for them at 1280 px.
    expect(accountLines(model)).toEqual([
      'Perfil → /profile',
      'Administración → /admin',
      'Ajustes → /admin/ajustes',
    ]);
  });

  it('without organizations.enabled: no "Empresas"', () => {
    const model = menu({
      audience: admin,
      details: null,
      permissions: permissionsWith({ organizations: { enabled: false } }),
    });
    expect(model.entries.map((e) => e.label)).not.toContain('Empresas');
  });

  it.each([
    ['projects.enabled', permissionsWith({ projects: { enabled: false } })],
    ['projects.update', permissionsWith({ projects: { update: false } })],
  ])('without %s: no project management submenu', (_switch, permissions) => {
    const model = menu({ audience: admin, details: null, permissions });
    expect(model.entries.map((e) => e.label)).toEqual([
      'Facultades y Grados',
      'Informes',
      'Usuarios',
      'Empresas',
      'Biblioteca',
      'Comunicaciones',
    ]);
  });

  it('the library submenu (review, import, resources) stays with every switch off', () => {
    const off = { enabled: false, create: false, update: false };
    const model = menu({
      audience: admin,
      details: null,
      permissions: permissionsWith({
        projects: off,
        tfxes: off,
        externalTfxes: { enabled: false },
        resources: { enabled: false },
        organizations: off,
        notifications: { enabled: false },
      }),
    });
    expect(lines(model.entries)).toContainEqual({
      Biblioteca: [
        'Revisión de trabajos → /admin/biblioteca',
        'Importar trabajos externos → /admin/biblioteca/importar',
        'Recursos → /admin/recursos',
      ],
    });
  });

  it('the communications submenu (new, history, outbox) stays with the notifications switch off', () => {
    const model = menu({
      audience: admin,
      details: null,
      permissions: permissionsWith({ notifications: { enabled: false } }),
    });
    expect(lines(model.entries)).toContainEqual({
      Comunicaciones: [
        'Nueva comunicación → /admin/comunicaciones/nueva',
        'Historial → /admin/comunicaciones',
        'Correo saliente → /admin/ajustes/correo',
      ],
    });
  });
});

describe('the administration home in the menu (ADR 0066)', () => {
  const home = 'Administración → /admin';
  const everything = (model: MenuModel) => [...lines(model.entries).flat(), ...accountLines(model)];

  it('an admin finds "Administración" in the account menu, whatever the switches say', () => {
    const off = { enabled: false, create: false, update: false };
    const model = menu({
      audience: admin,
      details: null,
      permissions: permissionsWith({
        projects: off,
        tfxes: off,
        externalTfxes: { enabled: false },
        resources: { enabled: false },
        organizations: off,
        notifications: { enabled: false },
      }),
    });
    expect(accountLines(model)).toContain(home);
    expect(lines(model.entries)).not.toContain(home);
  });

  it.each([
    ['a visitor', menu({ audience: { kind: 'visitor' } })],
    ['a student', menu({ audience: student, details: details() })],
    ['a teacher', menu({ audience: teacher, details: details({ teacherArea: 'Informática' }) })],
    [
      'a coordinator',
      menu({ audience: coordinator, details: details({ organization: { id: 3, name: 'ONG' } }) }),
    ],
    ['someone without a profile type', menu({ audience: { kind: 'member', profileType: null } })],
  ])('%s is not offered it', (_who, model) => {
    expect(JSON.stringify(everything(model))).not.toContain('/admin');
  });
});

describe('buildMenu for a user without a profile type', () => {
  it('offers only the profile and signing out', () => {
    const model = menu({ audience: { kind: 'member', profileType: null }, details: details() });
    expect(model.entries).toEqual([]);
    expect(accountLines(model)).toEqual(['Perfil → /profile']);
  });
});

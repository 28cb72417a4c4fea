import {
  FEATURES,
  WRITABLE_FEATURES,
  featurePermissionsSchema,
  type FeaturePermissions,
  type ProfileType,
} from '@plataforma/shared';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '../features/branding/defaults';
import type { Branding } from '../features/branding/types';
import { isMurciaOrigin } from '../features/branding/utils/branding-match';
import { areaLinksFor } from '../features/landing/utils/area-links';
import type { MenuAudience, MenuDetails, MenuModel } from '../features/navigation/types';
import { buildMenu, hasCommunications } from '../features/navigation/utils/build-menu';
import { routes } from './routes';

/**
 * Every link in every menu leads to a screen: for every audience, brand origin and combination of
 * feature switches, every link the header, the mobile side menu and the profile dropdown offer
 * (they share one menu model, build-menu.ts), and the places a signed-in person finds on the home
 * (area-links.ts), must match a route of the app's real route table other than the catch-all
 * not-found page. The footer is not here: its links are content fetched from the API (spec §2
 * Other), not a model of this app.
 */

/** Who may look at the menu: spec §2 "Header and menu by audience", with the details' variants. */
interface Audience {
  name: string;
  audience: MenuAudience;
  details: MenuDetails | null;
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

function member(
  name: string,
  profileType: ProfileType | null,
  memberDetails: MenuDetails | null,
): Audience {
  return { name, audience: { kind: 'member', profileType }, details: memberDetails };
}

const AUDIENCES: Audience[] = [
  { name: 'visitante', audience: { kind: 'visitor' }, details: null },
  { name: 'sesión cargando', audience: { kind: 'loading' }, details: null },
  member('sin tipo de perfil', null, null),
  member('estudiante sin detalles', 'student', null),
  member('estudiante con universidad, sin trabajo', 'student', details()),
  member('estudiante con universidad y trabajo', 'student', details({ tfxs: [{ id: 7 }] })),
  member('estudiante sin universidad', 'student', details({ university: null })),
  member('profesor sin detalles', 'teacher', null),
  member('profesor con teacher_area', 'teacher', details({ teacherArea: 'Biología' })),
  member('profesor sin teacher_area', 'teacher', details({ teacherArea: null })),
  member('profesor con teacher_area en blanco', 'teacher', details({ teacherArea: '  ' })),
  member(
    'profesor pendiente de verificación',
    'teacher',
    details({ teacherArea: 'Biología', teacherVerification: 'pending' }),
  ),
  member(
    'profesor rechazado',
    'teacher',
    details({ teacherArea: 'Biología', teacherVerification: 'rejected' }),
  ),
  member('coordinador sin detalles', 'coordinator', null),
  member(
    'coordinador con organización',
    'coordinator',
    details({ university: null, organization: { id: 3, name: 'Fundación Agua Viva' } }),
  ),
  member('coordinador sin organización', 'coordinator', details({ university: null })),
  member('administrador', 'admin', null),
  member('administrador con detalles', 'admin', details({ university: null })),
];

/** The brand origins that change the menu (spec §1): none, a generic one and a Murcia one. */
const BRANDS: Branding[] = [
  DEFAULT_BRANDING,
  { ...DEFAULT_BRANDING, origin: 'Conecta Impacto' },
  { ...DEFAULT_BRANDING, origin: 'Universidad de Murcia' },
];

/** One on/off switch of spec §3 "Permissions per feature", e.g. `projects.create`. */
interface Switch {
  feature: (typeof FEATURES)[number];
  action: 'enabled' | 'create' | 'update';
}

/** Every switch the server answers, read from the shared schema so a new one is walked too. */
const SWITCHES: Switch[] = FEATURES.flatMap((feature) =>
  (WRITABLE_FEATURES as readonly string[]).includes(feature)
    ? (['enabled', 'create', 'update'] as const).map((action) => ({ feature, action }))
    : [{ feature, action: 'enabled' as const }],
);

/** The switches of combination `bits`: bit i sets SWITCHES[i]. */
function permissionsOf(bits: number): FeaturePermissions {
  const permissions = Object.fromEntries(FEATURES.map((feature) => [feature, {}])) as Record<
    string,
    Record<string, boolean>
  >;
  SWITCHES.forEach(({ feature, action }, i) => {
    permissions[feature]![action] = (bits & (1 << i)) !== 0;
  });
  // Parsed by the API's own schema, so every combination is an answer the server could give.
  return featurePermissionsSchema.parse(permissions);
}

function describeSwitches(bits: number): string {
  const on = SWITCHES.filter((_, i) => (bits & (1 << i)) !== 0).map(
    ({ feature, action }) => `${feature}.${action}`,
  );
  return on.length > 0 ? `encendidos: ${on.join(', ')}` : 'todos apagados';
}

/** A link of one of the menus, named by where it is shown. */
interface FoundLink {
  menu: string;
  label: string;
  href: string;
}

function menuLinks({ entries, action, account }: MenuModel): FoundLink[] {
  return [
    ...entries.flatMap((entry) =>
      entry.kind === 'link'
        ? [{ menu: 'cabecera', label: entry.label, href: entry.href }]
        : entry.links.map((l) => ({
            menu: `cabecera › ${entry.label}`,
            label: l.label,
            href: l.href,
          })),
    ),
    ...(action ? [{ menu: 'botón de acción', label: action.label, href: action.href }] : []),
    ...(account.kind === 'none'
      ? []
      : account.links.map((l) => ({ menu: 'menú de cuenta', label: l.label, href: l.href }))),
  ];
}

/** The home's places for a signed-in person, with the inputs home.tsx gives them. */
function homeLinks(audience: Audience, permissions: FeaturePermissions): FoundLink[] {
  if (audience.audience.kind !== 'member') return [];
  const { profileType } = audience.audience;
  const { details: d } = audience;
  return areaLinksFor({
    profileType,
    hasOrganization: d?.organization != null,
    hasCommunications: hasCommunications(permissions, d),
    needsTeacherArea: profileType === 'teacher' && d !== null && !d.teacherArea?.trim(),
    permissions,
  }).map((l) => ({ menu: 'inicio (tu área)', label: l.label, href: l.to }));
}

/**
 * Why `href` leads to no screen, or null when it does. The path alone is matched (the query is the
 * screen's business); a link must not land on the catch-all not-found route, nor fill a route's
 * dynamic segment (`/projects/misspelt` matching `projects/:id` is a detail page of nothing).
 */
function routeProblem(href: string): string | null {
  if (/^[a-z][a-z\d+.-]*:/i.test(href)) return null;
  const pathname = new URL(href, 'http://localhost').pathname;
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.at(-1);
  if (!leaf || leaf.route.path === '*') return 'no tiene ruta (solo la de «página no encontrada»)';
  const filled = Object.entries(leaf.params).filter(([, value]) => value !== undefined);
  if (filled.length > 0) {
    return `solo encaja en la ruta con parámetros «${leaf.route.path ?? ''}» (${filled
      .map(([key, value]) => `${key}=${value}`)
      .join(', ')})`;
  }
  return null;
}

describe('the menus and the route table', () => {
  it('walks a real product of audiences, brands and switches', () => {
    // The walk below is only meaningful if it covers every switch and both kinds of brand.
    expect(SWITCHES.map((s) => `${s.feature}.${s.action}`)).toContain('projects.create');
    expect(SWITCHES.length).toBeGreaterThanOrEqual(FEATURES.length);
    expect(new Set(BRANDS.map(isMurciaOrigin))).toEqual(new Set([true, false]));
  });

  // About 400,000 menus: a few seconds, more on a busy machine.
  it(
    'gives every link of every menu a screen, for every audience, brand origin and switch',
    { timeout: 60_000 },
    () => {
      // Each distinct link is checked once; the first combination that shows it names it.
      const seen = new Map<string, string>();
      const problems = new Map<string, string>();
      // The context is only written out for a link not seen before: most menus repeat links.
      const check = (link: FoundLink, context: () => string) => {
        const key = `${link.menu}\u0000${link.label}\u0000${link.href}`;
        if (seen.has(key)) return;
        seen.set(key, context());
        const problem = routeProblem(link.href);
        if (problem) {
          problems.set(
            key,
            `${context()}: «${link.label}» (${link.menu}) → ${link.href} ${problem}`,
          );
        }
      };

      for (let bits = 0; bits < 1 << SWITCHES.length; bits++) {
        const permissions = permissionsOf(bits);
        for (const audience of AUDIENCES) {
          for (const branding of BRANDS) {
            const model = buildMenu({
              audience: audience.audience,
              details: audience.details,
              permissions,
              isMurcia: isMurciaOrigin(branding),
            });
            const context = () =>
              `${audience.name}, origen ${JSON.stringify(branding.origin)}, ${describeSwitches(bits)}`;
            for (const link of menuLinks(model)) check(link, context);
          }
          // The home's places do not depend on the brand.
          const context = () => `${audience.name}, ${describeSwitches(bits)}`;
          for (const link of homeLinks(audience, permissions)) check(link, context);
        }
      }

      // The walk reached the branches that only some combinations open, not an empty model: the
      // visitor's library on a Murcia brand, the student's upload, the admin's project management.
      const keys = [...seen.keys()].map((key) => key.split('\u0000'));
      const menus = new Set(keys.map(([menu]) => menu));
      for (const menu of ['cabecera', 'botón de acción', 'menú de cuenta', 'inicio (tu área)']) {
        expect(menus).toContain(menu);
      }
      const hrefs = new Set(keys.map(([, , href]) => href));
      for (const href of ['/user/auth/login', '/tfx', '/tfx/create/form?status=finished']) {
        expect(hrefs).toContain(href);
      }
      expect(hrefs).toContain('/projects/asignations');
      expect([...problems.values()]).toEqual([]);
    },
  );
});

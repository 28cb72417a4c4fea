import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { collection, fakeApi, jsonResponse, type FakeRequest } from '../../../../test/api';
import { renderApp } from '../../../../test/render-app';
import type { SessionUser } from '../../../features/auth/types';
import type { FeaturePermissions } from '../../../features/permissions/types';
import { WELCOME_SHOWN_COOKIE } from '../../../features/welcome/utils/welcome-storage';
import { clearSession } from '../../../lib/session-tokens';

// The page loads several calls before a section shows: under a busy test run one second is not
// always enough.

const STUDENT_ID = 31;

function permissions({ notifications = true } = {}): FeaturePermissions {
  return {
    projects: { enabled: true, create: false, update: false },
    tfxes: { enabled: true, create: true, update: false },
    tfx: { enabled: true },
    externalTfxes: { enabled: false },
    resources: { enabled: true },
    organizations: { enabled: false, create: false, update: false },
    notifications: { enabled: notifications },
  };
}

function account(profileType: SessionUser['profileType'] = 'student'): SessionUser {
  return {
    id: 7,
    username: 'lucia',
    email: 'estudiante@demo.es',
    name: 'Lucía',
    surname: 'Martínez Navarro',
    phone: '+34 612 345 678',
    profileType,
    confirmed: true,
    picture: null,
  };
}

function project(id: number, title: string, organization = 'Fundación Horizonte Solidario') {
  return {
    data: {
      id,
      attributes: {
        title,
        type: 'Impacto social',
        locality: 'Murcia',
        organization: { data: { id: 1, attributes: { name: organization } } },
      },
    },
  };
}

function apply(id: number, status: string, title: string) {
  return {
    id,
    attributes: {
      status,
      status_message: status === 'Seleccionado' ? '¡Enhorabuena!' : null,
      createdAt: '2026-11-03T06:17:12.165Z',
      project: project(100 + id, title),
    },
  };
}

const APPLICATIONS = [
  apply(1, 'Seleccionado', 'Plataforma web de ofertas de empleo accesible para jóvenes'),
  apply(2, 'Preseleccionado', 'Chatbot de orientación académica'),
  apply(3, 'Retirada', 'Visualización de presupuestos municipales'),
];

function notification(id: number, isRead: boolean, minutesAgo: number, subject: string) {
  return {
    id,
    attributes: {
      isRead,
      notification_subject: subject,
      notification_message: `<p>Mensaje de <strong>${subject}</strong></p><img src="x" onerror="alert(1)">`,
      createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      updatedAt: new Date().toISOString(),
    },
  };
}

type Answer = (url: URL, init: RequestInit) => Response | Promise<Response>;

interface ProfileApi {
  user?: SessionUser;
  permissions?: FeaturePermissions;
  applys?: Answer;
  notifications?: ReturnType<typeof notification>[];
  routes?: Record<string, Answer>;
  /** The student record's university; `null` for a student who has not given one yet. */
  university?: { id: number; name: string } | null;
}

/**
 * Signs in and answers the API as the profile page reads it. Keys are "METHOD /path" prefixes;
 * answers see the URL and the request, and every call is kept for the assertions.
 */
function stubProfileApi({
  user = account(),
  permissions: perms = permissions(),
  applys,
  notifications = [],
  routes = {},
  university = { id: 2, name: 'Universidad de Murcia' },
}: ProfileApi = {}) {
  const answer =
    (route: Answer) =>
    ({ url, init }: FakeRequest) =>
      route(url, init);
  let stored = notifications;
  return fakeApi({
    user,
    permissions: perms,
    profiles: {
      students: () =>
        jsonResponse(
          collection([
            {
              id: STUDENT_ID,
              attributes: {
                province: 'Murcia',
                university: {
                  data: university && { id: university.id, attributes: { name: university.name } },
                },
                tfxs: { data: [] },
              },
            },
          ]),
        ),
      teachers: () =>
        jsonResponse(
          collection([
            { id: 4, attributes: { teacher_area: 'Informática', university: { data: null } } },
          ]),
        ),
    },
    routes: {
      'GET /api/applys': answer(applys ?? (() => jsonResponse(collection(APPLICATIONS)))),
      'GET /api/communication-centers': () => jsonResponse(collection(stored)),
      // As the server does: a notice marked read is read in every later answer.
      'PUT /api/communication-centers/': ({ url }) => {
        const id = Number(url.pathname.split('/').pop());
        stored = stored.map((n) =>
          n.id === id ? { ...n, attributes: { ...n.attributes, isRead: true } } : n,
        );
        return jsonResponse({ data: {}, meta: {} });
      },
      ...Object.fromEntries(Object.entries(routes).map(([key, route]) => [key, answer(route)])),
    },
  }).calls;
}

afterEach(() => {
  clearSession();
  // The welcome is another test's subject: keep it out of these pages.
  Cookies.remove(WELCOME_SHOWN_COOKIE, { path: '/' });
  localStorage.clear();
});

function selectedTab() {
  return screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')
    ?.textContent;
}

describe('/profile when signed out', () => {
  it('goes to the login page, which will come back to the same section', async () => {
    fakeApi();
    const { router } = renderApp('/profile?section=tfx');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/auth/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/profile?section=tfx',
    );
  });
});

describe('/profile for a student', () => {
  it('shows the header card and the applications with their status under "Candidaturas"', async () => {
    const calls = stubProfileApi();
    renderApp('/profile?section=applys');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Perfil de Lucía Martínez Navarro',
    );
    expect(screen.getByText('Estudiante')).toBeTruthy();
    expect(await screen.findByText('Universidad de Murcia')).toBeTruthy();
    expect(
      await screen.findByRole('heading', {
        name: 'Plataforma web de ofertas de empleo accesible para jóvenes',
      }),
    ).toBeTruthy();
    expect(selectedTab()).toBe('Candidaturas');
    const list = screen.getByRole('tabpanel');
    expect(within(list).getAllByText(/^(Seleccionado|Preseleccionado|Retirada)$/)).toHaveLength(3);
    const applysCall = calls.find((c) => c.url.pathname === '/api/applys');
    expect(applysCall?.url.searchParams.get('filters[student][id][$eq]')).toBe(String(STUDENT_ID));
    expect(applysCall?.url.searchParams.has('filters[status][$eq]')).toBe(false);
    expect(
      screen.getByRole('link', { name: 'Ir al cuestionario de competencias' }).getAttribute('href'),
    ).toBe('/cuestionario');
  });

  it('with a questionnaire answered, "Tus competencias" shows the latest scores and the way to repeat it', async () => {
    stubProfileApi({
      routes: {
        'GET /api/questionnaire/me': () =>
          jsonResponse({
            data: {
              id: 3,
              attributes: {
                scores: {
                  flexibility: 4.5,
                  initiative: 3,
                  teamwork: 5,
                  communication: 2.25,
                  growthMindset: 6,
                },
                consistency: { answered: 4, agreed: 0 },
                createdAt: '2026-11-20T09:00:00.000Z',
              },
            },
          }),
      },
    });
    renderApp('/profile');
    const card = (await screen.findByRole('heading', { name: 'Tus competencias' })).closest(
      'section',
    )!;
    const table = await within(card).findByRole('table', {
      name: /Puntuación media por competencia/,
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'CompetenciaPuntuación',
      'Flexibilidad4,5 / 6',
      'Iniciativa3 / 6',
      'Trabajo en equipo5 / 6',
      'Comunicación2,25 / 6',
      'Pensamiento de crecimiento6 / 6',
    ]);
    expect(within(card).getByText(/respondiste el/).textContent).toContain(
      '20 de noviembre de 2026',
    );
    expect(
      within(card).getByRole('link', { name: 'Repetir el cuestionario' }).getAttribute('href'),
    ).toBe('/cuestionario?repetir=1');
    expect(
      within(card).queryByRole('link', { name: 'Ir al cuestionario de competencias' }),
    ).toBeNull();
  });

  it('with no result yet (200 with no data), "Tus competencias" invites to answer the questionnaire', async () => {
    stubProfileApi({ routes: { 'GET /api/questionnaire/me': () => jsonResponse({ data: null }) } });
    renderApp('/profile');
    const link = await screen.findByRole('link', { name: 'Ir al cuestionario de competencias' });
    expect(link.getAttribute('href')).toBe('/cuestionario');
    expect(screen.queryByRole('table', { name: /Puntuación media/ })).toBeNull();
    expect(screen.queryByText('No hemos podido cargar tu último resultado.')).toBeNull();
  });

  it('while the applications load, the section says "Cargando..."', async () => {
    stubProfileApi({ applys: () => new Promise<Response>(() => {}) });
    renderApp('/profile');
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByRole('status').textContent).toBe('Cargando...');
  });

  it('with no applications, it says so kindly and offers the projects', async () => {
    stubProfileApi({ applys: () => jsonResponse(collection([])) });
    renderApp('/profile');
    expect(await screen.findByText(/Todavía no has presentado ninguna candidatura/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver proyectos' }).getAttribute('href')).toBe(
      '/projects',
    );
  });

  it('?section=ongoing selects "Proyectos en marcha" and asks only for selected applications', async () => {
    const calls = stubProfileApi({
      applys: (url) =>
        jsonResponse(
          collection(
            url.searchParams.get('filters[status][$eq]') === 'Seleccionado'
              ? [APPLICATIONS[0]]
              : APPLICATIONS,
          ),
        ),
    });
    renderApp('/profile?section=ongoing');

    expect(
      await screen.findByRole('heading', {
        name: 'Plataforma web de ofertas de empleo accesible para jóvenes',
      }),
    ).toBeTruthy();
    expect(selectedTab()).toBe('Proyectos en marcha');
    expect(screen.queryByText('Chatbot de orientación académica')).toBeNull();
    expect(
      calls.some((c) => c.url.searchParams.get('filters[status][$eq]') === 'Seleccionado'),
    ).toBe(true);
  });

  it('an unknown section shows the first tab', async () => {
    stubProfileApi();
    renderApp('/profile?section=ajustes');
    await screen.findAllByRole('tab');
    expect(selectedTab()).toBe('Candidaturas');
  });

  it('choosing another tab replaces ?section= in the URL and shows that section', async () => {
    stubProfileApi({
      routes: {
        'GET /api/students/31': () =>
          jsonResponse({
            data: {
              id: STUDENT_ID,
              attributes: {
                primaryKey: 'E0001',
                favorites: { data: [project(9, 'Mentorías digitales para jóvenes').data] },
              },
            },
            meta: {},
          }),
      },
    });
    const { router } = renderApp('/profile?section=applys');

    fireEvent.click(await screen.findByRole('tab', { name: 'Proyectos guardados' }));
    await waitFor(() => expect(router.state.location.search).toBe('?section=projects'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(
      await screen.findByRole('heading', { name: 'Mentorías digitales para jóvenes' }),
    ).toBeTruthy();
    expect(selectedTab()).toBe('Proyectos guardados');
  });

  it('with no final work, "Proyectos publicados" offers "Subir mi proyecto"', async () => {
    stubProfileApi({ routes: { 'GET /api/tfxes': () => jsonResponse(collection([])) } });
    renderApp('/profile?section=tfx');
    expect(await screen.findByText(/Todavía no has publicado ningún trabajo final/)).toBeTruthy();
    const panel = screen.getByRole('tabpanel');
    expect(
      within(panel).getByRole('link', { name: 'Subir mi proyecto' }).getAttribute('href'),
    ).toBe('/tfx/create/form?status=finished');
  });

  // Spec §4: the communication centre needs a university and the switch (ADR 0033).
  it.each([
    ['for a student without a university (just registered)', { university: null }],
    ['when notifications are disabled', { permissions: permissions({ notifications: false }) }],
  ])('%s, there is no "Comunicaciones" tab and none is read', async (_case, api) => {
    const calls = stubProfileApi(api);
    renderApp('/profile?section=notifications');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Candidaturas',
      'Proyectos guardados',
      'Proyectos en marcha',
      'Proyectos publicados',
    ]);
    expect(selectedTab()).toBe('Candidaturas');
    expect(calls.some((call) => call.url.pathname === '/api/communication-centers')).toBe(false);
  });
});

describe('"Comunicaciones"', () => {
  const FOUR = [
    notification(1, true, 10, 'Leída reciente'),
    notification(2, false, 60 * 24 * 3, 'Sin leer antigua'),
    notification(3, false, 5, 'Sin leer nueva'),
    notification(4, true, 60 * 24 * 40, 'Leída antigua'),
  ];

  function preferencesRoute() {
    return {
      'GET /api/students/31': () =>
        jsonResponse({
          data: {
            id: STUDENT_ID,
            attributes: { primaryKey: 'E0001', notification: { email: true } },
          },
          meta: {},
        }),
    };
  }

  function entries() {
    const list = within(screen.getByRole('tabpanel')).getAllByRole('list')[0]!;
    return within(list)
      .getAllByRole('button')
      .map((b) => b.querySelector('span > span')?.textContent);
  }

  it('lists unread first then newest, 3 at a time, with relative times', async () => {
    stubProfileApi({ notifications: FOUR, routes: preferencesRoute() });
    renderApp('/profile?section=notifications');

    await screen.findByRole('button', { name: /Sin leer nueva/ });
    expect(entries()).toEqual(['Sin leer nueva', 'Sin leer antigua', 'Leída reciente']);
    expect(screen.getByRole('button', { name: /Sin leer nueva/ }).textContent).toContain(
      'hace 5 minutos',
    );
    expect(screen.getByRole('button', { name: /Sin leer antigua/ }).textContent).toContain(
      'hace 3 días',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Ver notificaciones antiguas' }));
    await waitFor(() => expect(entries()).toHaveLength(4));
    expect(entries()[3]).toBe('Leída antigua');
    // The first added entry takes the focus; nothing older is left to show.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /Leída antigua/ })),
    );
    expect(screen.queryByRole('button', { name: 'Ver notificaciones antiguas' })).toBeNull();
  });

  it('opening an unread one marks it read and shows its sanitised message in a popup', async () => {
    const calls = stubProfileApi({ notifications: FOUR, routes: preferencesRoute() });
    renderApp('/profile?section=notifications');

    const entry = await screen.findByRole('button', { name: /Sin leer nueva/ });
    expect(entry.textContent).toContain('Nueva');
    fireEvent.click(entry);

    const dialog = await screen.findByRole('dialog', { name: 'Sin leer nueva' });
    expect(within(dialog).getByText('Sin leer nueva', { selector: 'strong' })).toBeTruthy();
    expect(dialog.innerHTML).not.toContain('onerror');
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'PUT' && c.url.pathname === '/api/communication-centers/3')
          ?.body,
      ).toEqual({ data: { isRead: true } }),
    );
    // The entry reads as read once the answer to the write arrives, not when the write is sent.
    await waitFor(() => expect(entry.textContent).not.toContain('Nueva'));
  });

  it('opening a read one does not write anything', async () => {
    const calls = stubProfileApi({ notifications: FOUR, routes: preferencesRoute() });
    renderApp('/profile?section=notifications');

    fireEvent.click(await screen.findByRole('button', { name: /Leída reciente/ }));
    await screen.findByRole('dialog', { name: 'Leída reciente' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('with no notifications, says "No Hay notificaciones nuevas"', async () => {
    stubProfileApi({ notifications: [], routes: preferencesRoute() });
    renderApp('/profile?section=notifications');
    expect(await screen.findByText('No Hay notificaciones nuevas')).toBeTruthy();
  });

  it('saving the preferences sends all ten switches; those never stored start on (spec §3)', async () => {
    const calls = stubProfileApi({
      notifications: [],
      routes: {
        ...preferencesRoute(),
        'PUT /api/students/31': (_url, init) =>
          jsonResponse({
            data: {
              id: STUDENT_ID,
              attributes: {
                primaryKey: 'E0001',
                notification: (
                  JSON.parse(typeof init.body === 'string' ? init.body : '{}') as {
                    data: { notification: unknown };
                  }
                ).data.notification,
              },
            },
            meta: {},
          }),
      },
    });
    renderApp('/profile?section=notifications');

    const email = await screen.findByRole('switch', { name: 'Correo electrónico' });
    expect(email.getAttribute('aria-checked')).toBe('true');
    // Only email is stored; the rest were never turned off.
    const whatsapp = screen.getByRole('switch', { name: 'WhatsApp' });
    expect(whatsapp.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(whatsapp);
    fireEvent.click(email);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }));

    expect(await screen.findByText('Tus preferencias se han guardado.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/students/31');
    expect(put?.url.searchParams.get('populate')).toBe('notification');
    expect(put?.body).toEqual({
      data: {
        notification: {
          pre_selected: true,
          not_selected: true,
          selected: true,
          new_matching_projects: true,
          u4i_advice: true,
          save_projects_with_candidates: true,
          save_projects_selected: true,
          professional_offers: true,
          email: false,
          whatsapp: false,
        },
      },
    });
  });
});

describe('/profile personal data and picture', () => {
  it('an incomplete phone shows "Formato no válido." and nothing is sent', async () => {
    const calls = stubProfileApi();
    renderApp('/profile');

    const phone = await screen.findByRole('textbox', { name: /Teléfono/ });
    fireEvent.change(phone, { target: { value: '968 00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Formato no válido.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(calls.some((c) => c.url.pathname === '/api/user/me')).toBe(false);
  });

  it('saving sends name, surname and phone (Spanish by default, in E.164) to PUT /api/user/me and reads the user again', async () => {
    const calls = stubProfileApi({
      routes: { 'PUT /api/user/me': () => jsonResponse({ ...account(), phone: '+34968000000' }) },
    });
    renderApp('/profile');

    const phone = await screen.findByRole('textbox', { name: /Teléfono/ });
    // The phone has its country: Spain (+34) unless another is chosen.
    expect(
      screen.getByRole<HTMLSelectElement>('combobox', { name: 'Prefijo del país' }).value,
    ).toBe('ES');
    expect(
      screen.getByRole<HTMLInputElement>('textbox', { name: 'Correo electrónico' }).readOnly,
    ).toBe(true);
    fireEvent.change(phone, { target: { value: ' 968 000 000 ' } });
    const readsBefore = calls.filter((c) => c.url.pathname === '/api/users/me').length;
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Tus datos se han guardado.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Lucía',
      surname: 'Martínez Navarro',
      phone: '+34968000000',
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname === '/api/users/me').length).toBeGreaterThan(
        readsBefore,
      ),
    );
  });

  it('a file of another type is refused with the spec message and not uploaded', async () => {
    const calls = stubProfileApi();
    renderApp('/profile');

    await screen.findByRole('button', { name: 'Cambiar foto' });
    const input = screen.getByTestId('picture-input');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] },
    });
    expect(
      await screen.findByText(
        'Archivo no permitido. Solo se aceptan: png, jpg, jpeg, webp, avif, svg',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/upload')).toBe(false);
  });

  it('an image is uploaded, then set as the picture with its file id', async () => {
    const calls = stubProfileApi({
      routes: {
        'POST /api/upload': () => jsonResponse([{ id: 55, url: '/uploads/foto.png' }]),
        'PUT /api/user/me': () =>
          jsonResponse({ ...account(), picture: { id: 55, url: '/uploads/foto.png' } }),
      },
    });
    renderApp('/profile');

    await screen.findByRole('button', { name: 'Cambiar foto' });
    fireEvent.change(screen.getByTestId('picture-input'), {
      target: { files: [new File(['png'], 'foto.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('Tu foto de perfil se ha actualizado.')).toBeTruthy();
    const upload = calls.find((c) => c.url.pathname === '/api/upload');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData).get('files')).toBeInstanceOf(File);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ picture: 55 });
  });
});

describe('/profile for other profiles', () => {
  it('a teacher sees the personal data and security parts, and no sections', async () => {
    stubProfileApi({ user: account('teacher') });
    renderApp('/profile');

    expect(await screen.findByRole('heading', { name: 'Datos personales' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Seguridad' })).toBeTruthy();
    expect(screen.getByText('Profesor/a')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Mi actividad' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ir al cuestionario de competencias' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Completar perfil' }).getAttribute('href')).toBe(
      '/profile/completar',
    );
  });
});

describe('/profile university accounts (ADR 0074)', () => {
  const identity = (id: number, providerName: string) => ({
    id,
    provider: `saml:https://${providerName}/idp/shibboleth`,
    providerName,
    since: '2026-12-03T10:00:00.000Z',
    lastUsedAt: '2026-12-06T10:00:00.000Z',
  });

  it('lists the linked accounts, says why the last one stays, and unlinks another', async () => {
    const first = identity(7, 'idp.um.es');
    const second = identity(8, 'login.microsoftonline.com');
    const api = stubProfileApi({
      routes: {
        'GET /api/auth/identities': () =>
          jsonResponse({ data: [first, second], meta: { hasPassword: false } }),
        'DELETE /api/auth/identities/8': () =>
          jsonResponse({ data: [first], meta: { hasPassword: false } }),
        // A refusal in Spanish, as the API answers it (ADR 0032).
        'DELETE /api/auth/identities/7': () =>
          new Response(
            JSON.stringify({
              data: null,
              error: {
                status: 409,
                name: 'ConflictError',
                message:
                  'No puedes desvincular la única forma de entrar en tu cuenta: ponle antes una contraseña o vincula otra cuenta institucional.',
                details: {},
              },
            }),
            {
              status: 409,
              headers: { 'content-type': 'application/json', 'content-language': 'es' },
            },
          ),
      },
    });
    renderApp('/profile');

    const section = await screen.findByRole('region', { name: 'Cuentas institucionales' });
    expect(await within(section).findByText('idp.um.es')).toBeTruthy();
    expect(within(section).getAllByText('Vinculada desde el 3 de diciembre de 2026')).toHaveLength(
      2,
    );

    fireEvent.click(
      within(section).getByRole('button', { name: 'Desvincular login.microsoftonline.com' }),
    );
    expect(
      await screen.findByText('Has desvinculado la cuenta de login.microsoftonline.com.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(within(section).queryByText('login.microsoftonline.com')).toBeNull(),
    );

    fireEvent.click(within(section).getByRole('button', { name: 'Desvincular idp.um.es' }));
    expect(await within(section).findByText(/No puedes desvincular la única forma/)).toBeTruthy();
    expect(within(section).getByText('idp.um.es')).toBeTruthy();
    expect(api.filter((call) => call.method === 'DELETE')).toHaveLength(2);
  });

  it('says so when no university account is linked yet', async () => {
    stubProfileApi({
      routes: {
        'GET /api/auth/identities': () => jsonResponse({ data: [], meta: { hasPassword: true } }),
      },
    });
    renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'Cuentas institucionales' });
    expect(
      await within(section).findByText(/No has vinculado ninguna cuenta de tu universidad/),
    ).toBeTruthy();
  });
});

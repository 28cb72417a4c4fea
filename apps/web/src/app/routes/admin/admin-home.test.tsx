import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminOverviewAnswer,
  emptyList,
  fakeApi,
  jsonResponse,
  overviewImport,
  strapiError,
} from '../../../../test/api';
import { resetRouteApi, stubRouteApi, type Answer } from '../../../../test/api/route-screens';
import { createNoRetryQueryClient, renderApp } from '../../../../test/render-app';

afterEach(resetRouteApi);

/** Signed in as an admin, `GET /api/admin/overview` answered by `overview` (and others given). */
function serveHome(overview: Answer, routes: Record<string, Answer> = {}) {
  return stubRouteApi('admin', { 'GET /api/admin/overview': overview, ...routes });
}

const BUSY = adminOverviewAnswer({
  pending: { teachers: 3, works: 1, projects: 12 },
  emails: { failed: 14, failedRecently: 2, waiting: 5, retrying: 1 },
  imports: {
    running: 1,
    failedRecently: 1,
    latest: [
      overviewImport({ id: 9, kind: 'teachers', fileName: 'docentes.csv' }),
      overviewImport({
        id: 8,
        kind: 'organizations',
        status: 'failed',
        fileName: null,
        processed: 500,
        finishedAt: '2026-11-25T16:05:00.000Z',
      }),
    ],
  },
  totals: { students: 12_345, teachers: 210, organizations: 61, publishedProjects: 1 },
  about: { version: '1.0.0', node: '24.11.1', database: { kind: 'postgresql', version: '16.4' } },
});

/** A card of the attention list, by its heading. */
async function card(title: string) {
  const heading = await screen.findByRole('heading', { level: 3, name: title });
  return heading.closest('li')!;
}

const hrefOf = (element: HTMLElement) => element.getAttribute('href');

describe('/admin, the administration home', () => {
  it('shows each figure that waits with its sentence and the link to where it is dealt with', async () => {
    serveHome(() => jsonResponse(BUSY));
    renderApp('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Administración' })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Lo que necesita atención' });

    const teachers = await card('Profesorado por verificar');
    expect(teachers.textContent).toContain(
      '3 docentes se han registrado y esperan tu aprobación para publicar proyectos.',
    );
    expect(
      hrefOf(within(teachers).getByRole('link', { name: 'Revisar el profesorado pendiente' })),
    ).toBe('/teachers/load?vista=pendientes');

    const works = await card('Trabajos finales por revisar');
    expect(works.textContent).toContain(
      '1 trabajo final de un estudiante espera tu revisión para publicarse en la biblioteca.',
    );
    expect(hrefOf(within(works).getByRole('link', { name: 'Revisar los trabajos' }))).toBe(
      '/admin/biblioteca/pendientes',
    );

    const projects = await card('Proyectos por validar');
    expect(projects.textContent).toContain('12 proyectos esperan que los valides o los rechaces.');
    expect(
      hrefOf(within(projects).getByRole('link', { name: 'Ver los proyectos por validar' })),
    ).toBe('/projects?status=Por+validar');

    const failed = await card('Correos fallidos');
    expect(failed.textContent).toContain(
      '2 correos no se han podido entregar en los últimos 7 días: revisa el motivo y vuelve a intentarlo. Hay 14 fallidos en total.',
    );
    expect(hrefOf(within(failed).getByRole('link', { name: 'Ver los correos fallidos' }))).toBe(
      '/admin/ajustes/correo?estado=failed',
    );

    const waiting = await card('Correos en espera');
    expect(waiting.textContent).toContain(
      '5 correos esperan su envío. 1 ha fallado al menos una vez y se reintentará solo.',
    );
    expect(hrefOf(within(waiting).getByRole('link', { name: 'Ver los correos en espera' }))).toBe(
      '/admin/ajustes/correo?estado=pending',
    );

    const imports = await card('Cargas de personas');
    expect(imports.textContent).toContain(
      '2 cargas: 1 en curso y 1 fallida en los últimos 7 días.',
    );
    const listed = within(within(imports).getByRole('list', { name: 'Cargas recientes' }))
      .getAllByRole('listitem')
      .map((item) => ({
        text: item.textContent,
        href: hrefOf(within(item).getByRole('link')),
      }));
    expect(listed).toEqual([
      {
        text: 'Profesorado: docentes.csvEn curso: 500 de 1200 filas.',
        href: '/teachers/load?vista=cargar&carga=9',
      },
      {
        text: 'Empresas: carga 8Fallida el 25/11/26, 17:05, con 500 de 1200 filas cargadas.',
        href: '/organizations/load?vista=cargar&carga=8',
      },
    ]);
  });

  it('a figure of 0 reads as calm: «Nada pendiente», and no figure', async () => {
    serveHome(() => jsonResponse(adminOverviewAnswer()));
    renderApp('/admin');

    for (const [title, sentence] of [
      ['Profesorado por verificar', 'Ningún docente espera tu aprobación.'],
      ['Trabajos finales por revisar', 'Ningún trabajo final espera revisión.'],
      ['Proyectos por validar', 'Ningún proyecto espera validación.'],
      ['Correos fallidos', 'Ningún correo ha fallado en los últimos 7 días.'],
      ['Correos en espera', 'No hay correos esperando su envío.'],
      ['Cargas de personas', 'No hay cargas en curso ni fallidas en los últimos 7 días.'],
    ] as const) {
      const item = await card(title);
      expect(item.textContent, title).toContain(`Nada pendiente${sentence}`);
      expect(within(item).queryByText('0'), title).toBeNull();
    }
  });

  it('older failed emails alone do not call for attention, and the outbox is still a link away', async () => {
    serveHome(() =>
      jsonResponse(adminOverviewAnswer({ emails: { failed: 4, failedRecently: 0 } })),
    );
    renderApp('/admin');
    const failed = await card('Correos fallidos');
    expect(failed.textContent).toContain(
      'Nada pendienteNingún correo ha fallado en los últimos 7 días. Hay 4 fallidos de antes.',
    );
    expect(hrefOf(within(failed).getByRole('link', { name: 'Ver los correos fallidos' }))).toBe(
      '/admin/ajustes/correo?estado=failed',
    );
  });

  it('waiting emails on a server that does not send email say why they wait', async () => {
    serveHome(() =>
      jsonResponse(adminOverviewAnswer({ emails: { waiting: 1, deliveryConfigured: false } })),
    );
    renderApp('/admin');
    const waiting = await card('Correos en espera');
    expect(waiting.textContent).toContain(
      '1 correo espera su envío. Este servidor no tiene configurado el envío de correo: no saldrá ninguno hasta que se configure (SMTP_URL).',
    );
  });

  it('totals link to their lists, the impact dashboard is a link away, and «Acerca de» says what runs', async () => {
    serveHome(() => jsonResponse(BUSY));
    renderApp('/admin');

    const totals = (
      await screen.findByRole('heading', { level: 2, name: 'La plataforma en cifras' })
    ).closest('section')!;
    expect(
      within(totals)
        .getAllByRole('link')
        .map((link) => [link.textContent, hrefOf(link)]),
    ).toEqual([
      ['12.345 estudiantes', '/students/load'],
      ['210 docentes verificados', '/teachers/load'],
      ['61 organizaciones', '/organizations/load'],
      ['1 proyecto publicado', '/projects?status=Publicada'],
      ['informes de impacto', '/admin/informes'],
    ]);

    const about = screen.getByRole('region', { name: 'Acerca de' });
    const terms = within(about)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(about)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Versión de la plataforma', 'Node.js', 'Base de datos']);
    expect(values).toEqual(['1.0.0', '24.11.1', 'PostgreSQL 16.4']);
  });

  it('on the embedded database «Acerca de» names PGlite and its PostgreSQL', async () => {
    serveHome(() => jsonResponse(adminOverviewAnswer()));
    renderApp('/admin');
    const about = await screen.findByRole('region', { name: 'Acerca de' });
    expect(within(about).getAllByRole('definition').at(-1)!.textContent).toBe(
      'PGlite, la base de datos integrada (PostgreSQL 17.4)',
    );
  });

  it('names the tab after the page', async () => {
    serveHome(() => jsonResponse(adminOverviewAnswer()));
    renderApp('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Administración' });
    await waitFor(() => expect(document.title).toMatch(/^Administración · /));
  });

  it('says when the figures were counted, and «Actualizar cifras» counts them again', async () => {
    let pendingTeachers = 3;
    const calls = serveHome(() =>
      jsonResponse(
        adminOverviewAnswer(
          { pending: { teachers: pendingTeachers } },
          pendingTeachers === 3 ? '2026-11-26T09:32:00.000Z' : '2026-11-26T09:40:00.000Z',
        ),
      ),
    );
    renderApp('/admin');
    await screen.findByText('Cifras de las 10:32.');
    pendingTeachers = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar cifras' }));
    await screen.findByText('Cifras de las 10:40.');
    expect((await card('Profesorado por verificar')).textContent).toContain('Nada pendiente');
    expect(calls.filter((call) => call.url.pathname === '/api/admin/overview')).toHaveLength(2);
  });

  it('shows that it loads, then a failure with «Reintentar», which asks again', async () => {
    let failures = 1;
    let answer: (response: Response) => void = () => {};
    serveHome(() =>
      failures-- > 0
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : jsonResponse(BUSY),
    );
    renderApp('/admin', { queryClient: createNoRetryQueryClient() });
    await screen.findByText('Cargando el resumen...');
    answer(strapiError(500, 'Internal Server Error'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se ha podido cargar el resumen de la administración.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await card('Profesorado por verificar');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is read again each time the page is shown (the figures move with everyone’s writes)', async () => {
    const calls = serveHome(() => jsonResponse(adminOverviewAnswer()), {
      'GET /api/teachers?': () => jsonResponse(emptyList()),
    });
    const { router } = renderApp('/admin');
    await card('Profesorado por verificar');
    fireEvent.click(screen.getByRole('link', { name: 'Revisar el profesorado pendiente' }));
    // The link lands on the teachers' «Pendientes» tab (ADR 0051).
    await waitFor(() => expect(router.state.location.pathname).toBe('/teachers/load'));
    expect(
      (await screen.findByRole('link', { name: 'Pendientes' })).getAttribute('aria-current'),
    ).toBe('page');
    await router.navigate(-1);
    await card('Profesorado por verificar');
    await waitFor(() =>
      expect(calls.filter((call) => call.url.pathname === '/api/admin/overview')).toHaveLength(2),
    );
  });
});

describe('/admin for anyone else', () => {
  it('a visitor is sent to sign in and back', async () => {
    const { calls } = fakeApi({});
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/auth/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fadmin');
    expect(calls.some((call) => call.url.pathname === '/api/admin/overview')).toBe(false);
  });

  it.each(['student', 'teacher', 'coordinator'] as const)(
    'a %s is told the page is not for them, and nothing is asked',
    async (profileType) => {
      const calls = stubRouteApi(profileType, {});
      renderApp('/admin');
      await screen.findByRole('heading', { level: 1, name: 'Sin permiso' });
      expect(calls.some((call) => call.url.pathname === '/api/admin/overview')).toBe(false);
    },
  );
});

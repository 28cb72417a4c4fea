import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  allPermissions,
  favoriteResourcesAnswer,
  jsonResponse,
  permissionsWith,
  resourceAnswer,
  resourceEntry,
  resourcesAnswer,
  strapiError,
  type FakeRequest,
  type Route,
} from '../../../../test/api';
import { resetRouteApi } from '../../../../test/api/route-screens';
import { collection } from '../../../../test/api/envelopes';
import { fakeApi } from '../../../../test/api/fake-api';
import { account } from '../../../../test/api/accounts';
import { renderApp } from '../../../../test/render-app';
import { expectToast } from '../../../../test/toasts';
import { markWelcomeShownThisSession } from '../../../features/welcome/utils/welcome-storage';

// The whole app renders (layout, header, session): give slow shared machines time.

afterEach(resetRouteApi);

const STUDENT_ID = 31;

const lists = (calls: FakeRequest[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/resources');

/** A signed-in student (their record is STUDENT_ID) and these answers. */
function stubStudentApi(routes: Record<string, Route> = {}) {
  const user = account('student');
  markWelcomeShownThisSession(user.id);
  return fakeApi({
    user,
    permissions: allPermissions(),
    profiles: {
      students: () =>
        jsonResponse(
          collection([
            {
              id: STUDENT_ID,
              attributes: {
                province: 'Murcia',
                phone: '600000000',
                university: { data: null },
                tfxs: { data: [] },
              },
            },
          ]),
        ),
    },
    routes: { 'GET /api/communication-centers': () => jsonResponse(collection([])), ...routes },
  });
}

describe('/resources', () => {
  it('reads the filters and the order from the URL, sends them to the API and shows the cards', async () => {
    const calls = fakeApi({
      routes: {
        'GET /api/resources?': () =>
          jsonResponse(
            resourcesAnswer([
              resourceEntry(1, 'Cómo elegir un tema', { is_popular: true }),
              resourceEntry(2, 'Plantilla de cronograma', { picture: null }),
            ]),
          ),
      },
    }).calls;
    renderApp(
      '/resources?tag=Voluntariado&purpose=Medir+el+impacto+social&stage=doing&sort=popular&page=2',
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Recursos' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Cómo elegir un tema' });
    expect(link.getAttribute('href')).toBe('/resources/1');
    const sent = lists(calls)[0]!.url.searchParams;
    expect(sent.get('filters[tags][$contains]')).toBe('Voluntariado');
    expect(sent.get('filters[purposes][$contains]')).toBe('Medir el impacto social');
    expect(sent.get('filters[tfx_status][$contains]')).toBe('doing');
    expect(sent.get('sort[0]')).toBe('popularity_visits:desc');
    expect(sent.get('pagination[page]')).toBe('2');
    expect(sent.get('pagination[pageSize]')).toBe('12');
    expect(sent.get('populate[picture]')).toBe('*');
    expect(sent.get('publicationState')).toBeNull();

    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Tema' }).value).toBe(
      'Voluntariado',
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Etapa del TFG/M' }).value).toBe(
      'doing',
    );
    expect(
      within(
        screen.getByRole<HTMLSelectElement>('combobox', { name: 'Etapa del TFG/M' }),
      ).getByRole<HTMLOptionElement>('option', { name: 'Haciendo el TFG/M' }).selected,
    ).toBe(true);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Ordenar por' }).value).toBe(
      'popular',
    );
    expect(screen.getByText('2 recursos encontrados')).toBeTruthy();

    // The first card: its small picture (without an alternative text of its own, the title:
    // nobody said it is only decorative, ADR 0042), the badge, chips.
    const first = link.closest('article')!;
    const picture = first.querySelector('img')!;
    expect(picture.getAttribute('src')).toBe('/uploads/small_imagen-101.jpg');
    expect(picture.getAttribute('alt')).toBe(link.textContent);
    expect(within(first).getByText('Popular')).toBeTruthy();
    expect(
      within(within(first).getByRole('list', { name: 'Temas' })).getByText('Voluntariado'),
    ).toBeTruthy();
    expect(within(first).getByRole('list', { name: 'Finalidades' })).toBeTruthy();
    // The second card keeps the picture's space without a picture.
    const second = screen
      .getByRole('link', { name: 'Plantilla de cronograma' })
      .closest('article')!;
    expect(second.querySelector('img')).toBeNull();
    expect(second.querySelector('.aspect-video')).toBeTruthy();
    expect(within(second).queryByText('Popular')).toBeNull();
    // Visitors do not save.
    expect(screen.queryByRole('button', { name: /^Guardar/ })).toBeNull();
  });

  it('a picture with an alternative text is read with it', async () => {
    fakeApi({
      routes: {
        'GET /api/resources?': () =>
          jsonResponse(
            resourcesAnswer([
              resourceEntry(1, 'Guía de los ODS', {
                picture: {
                  ...resourceEntry(1, 'x').attributes.picture.data!,
                  attributes: {
                    ...resourceEntry(1, 'x').attributes.picture.data!.attributes,
                    alternativeText: 'Los 17 ODS en colores',
                  },
                },
              }),
            ]),
          ),
      },
    });
    renderApp('/resources');
    expect(await screen.findByRole('img', { name: 'Los 17 ODS en colores' })).toBeTruthy();
  });

  it('choosing a filter puts it in the URL (page back to 1) and asks again; the order too', async () => {
    const { calls } = fakeApi({
      routes: {
        'GET /api/resources?': () =>
          jsonResponse(
            resourcesAnswer([resourceEntry(1, 'Cómo elegir un tema')], {
              page: 2,
              pageCount: 3,
              total: 30,
            }),
          ),
      },
    });
    const { router } = renderApp('/resources?page=2');
    await screen.findByRole('link', { name: 'Cómo elegir un tema' });
    const pages = screen.getByRole('navigation', { name: 'Paginación' });
    expect(within(pages).getByRole('link', { name: 'Página 3' }).getAttribute('href')).toBe(
      '/resources?page=3',
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Etapa del TFG/M' }), {
      target: { value: 'choosing' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?stage=choosing'));
    await waitFor(() =>
      expect(
        lists(calls).some(
          (c) => c.url.searchParams.get('filters[tfx_status][$contains]') === 'choosing',
        ),
      ).toBe(true),
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Ordenar por' }), {
      target: { value: 'popular' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?stage=choosing&sort=popular'));

    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=popular'));
  });

  it('says when nothing matches, and offers to remove the filters', async () => {
    fakeApi({ routes: { 'GET /api/resources?': () => jsonResponse(resourcesAnswer([])) } });
    const { router } = renderApp('/resources?tag=Voluntariado');
    expect(await screen.findByText(/No hay recursos que cumplan estos filtros/)).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Quitar filtros' });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText(/Todavía no hay recursos publicados/)).toBeTruthy();
  });

  it('a page past the last one says so and leads to the first', async () => {
    fakeApi({ routes: { 'GET /api/resources?': () => jsonResponse(resourcesAnswer([])) } });
    renderApp('/resources?stage=doing&page=5');
    expect(await screen.findByText('Esta página no tiene recursos.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a la primera página' }).getAttribute('href')).toBe(
      '/resources?stage=doing',
    );
  });

  it('a failed list says so and can be asked again', async () => {
    let fail = true;
    fakeApi({
      routes: {
        'GET /api/resources?': () =>
          fail
            ? strapiError(400, 'Invalid filter')
            : jsonResponse(resourcesAnswer([resourceEntry(1, 'Cómo elegir un tema')])),
      },
    });
    renderApp('/resources');
    expect(await screen.findByText(/No se han podido cargar los recursos/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: 'Cómo elegir un tema' })).toBeTruthy();
  });

  it('with the resources switched off, says they are not available and asks nothing', async () => {
    const { calls } = fakeApi({ permissions: permissionsWith({}) });
    renderApp('/resources');
    expect(
      await screen.findByText('Los recursos no están disponibles en esta plataforma.'),
    ).toBeTruthy();
    expect(lists(calls)).toEqual([]);
  });

  it('a student sees which ones they saved and saves another (connect), confirmed with a toast', async () => {
    const api = stubStudentApi({
      'GET /api/resources?': () =>
        jsonResponse(
          resourcesAnswer([
            resourceEntry(1, 'Cómo elegir un tema'),
            resourceEntry(2, 'Cómo citar'),
          ]),
        ),
      [`GET /api/students/${STUDENT_ID}?`]: () =>
        jsonResponse(favoriteResourcesAnswer(STUDENT_ID, [resourceEntry(2, 'Cómo citar')])),
      [`PUT /api/students/${STUDENT_ID}`]: () =>
        jsonResponse({ data: { id: STUDENT_ID, attributes: {} }, meta: {} }),
    });
    renderApp('/resources');
    expect(await screen.findByRole('button', { name: 'Guardado: «Cómo citar»' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar: «Cómo elegir un tema»' }));
    await expectToast(
      'Has guardado «Cómo elegir un tema». Lo tienes en tu perfil, en «Recursos guardados».',
    );
    expect(api.callsTo('PUT', `/api/students/${STUDENT_ID}`).map((c) => c.body)).toEqual([
      { data: { favorites_resources: { connect: [1] } } },
    ]);
  });
});

describe('/resources/:id', () => {
  it('shows the resource with its content cleaned, the dates in words and the link, and counts one visit', async () => {
    const { calls } = fakeApi({
      routes: {
        'GET /api/resources/7': () =>
          jsonResponse(
            resourceAnswer(7, 'Guía rápida de los ODS', {
              is_popular: true,
              tfx_status: ['choosing', 'doing'],
              tags: ['Emprendimiento social'],
              purposes: ['Promover la cooperación internacional'],
              link: 'https://www.un.org/sustainabledevelopment/es/',
              content:
                '<h2>Los 17 objetivos</h2><p>Elige <strong>uno o dos</strong>.</p><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">mal</a>',
              publishedAt: '2025-03-12T10:00:00.000Z',
              updatedAt: '2025-04-02T10:00:00.000Z',
              picture: {
                ...resourceEntry(7, 'x').attributes.picture.data!,
                attributes: {
                  ...resourceEntry(7, 'x').attributes.picture.data!.attributes,
                  alternativeText: 'Mapa de los ODS',
                },
              },
            }),
          ),
        'POST /api/resources/7/visits': () => new Response(null, { status: 204 }),
      },
    });
    renderApp('/resources/7');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Guía rápida de los ODS' }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Mapa de los ODS' }).getAttribute('src')).toBe(
      '/uploads/imagen-107.jpg',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Los 17 objetivos' })).toBeTruthy();
    const main = document.querySelector('main')!;
    expect(main.querySelector('script')).toBeNull();
    expect(main.querySelector('[onerror]')).toBeNull();
    expect(main.innerHTML).not.toContain('javascript:');
    expect(screen.getByText('12 de marzo de 2025')).toBeTruthy();
    expect(screen.getByText('2 de abril de 2025')).toBeTruthy();
    expect(screen.getByText('Popular')).toBeTruthy();
    const stages = screen.getByRole('list', { name: 'Etapas' });
    expect(within(stages).getByText('Eligiendo el tema')).toBeTruthy();
    expect(within(stages).getByText('Haciendo el TFG/M')).toBeTruthy();
    const open = screen.getByRole('link', { name: /Abrir el recurso/ });
    expect(open.getAttribute('href')).toBe('https://www.un.org/sustainabledevelopment/es/');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Volver a los recursos' }).getAttribute('href')).toBe(
      '/resources',
    );
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/resources/7/visits'),
      ).toHaveLength(1),
    );
  });

  it('an unknown resource is "Página no encontrada" and counts no visit', async () => {
    const { calls } = fakeApi({
      routes: { 'GET /api/resources/99': () => strapiError(404, 'Not Found') },
    });
    renderApp('/resources/99');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a student saves it from its page and unsaves it (disconnect)', async () => {
    let saved = true;
    const api = stubStudentApi({
      'GET /api/resources/7': () => jsonResponse(resourceAnswer(7, 'Cómo citar en APA')),
      'POST /api/resources/7/visits': () => new Response(null, { status: 204 }),
      [`GET /api/students/${STUDENT_ID}?`]: () =>
        jsonResponse(
          favoriteResourcesAnswer(STUDENT_ID, saved ? [resourceEntry(7, 'Cómo citar en APA')] : []),
        ),
      [`PUT /api/students/${STUDENT_ID}`]: () => {
        saved = false;
        return jsonResponse({ data: { id: STUDENT_ID, attributes: {} }, meta: {} });
      },
    });
    renderApp('/resources/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Guardado: «Cómo citar en APA»' }));
    await expectToast('Has quitado «Cómo citar en APA» de tus recursos guardados.');
    expect(
      await screen.findByRole('button', { name: 'Guardar: «Cómo citar en APA»' }),
    ).toBeTruthy();
    expect(api.callsTo('PUT', `/api/students/${STUDENT_ID}`).map((c) => c.body)).toEqual([
      { data: { favorites_resources: { disconnect: [7] } } },
    ]);
  });
});

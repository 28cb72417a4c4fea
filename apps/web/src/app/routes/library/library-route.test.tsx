import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  jsonResponse,
  LIBRARY_PERMISSIONS,
  LIBRARY_STUDENT_ID,
  savedWorksAnswer,
  strapiError,
  stubLibraryApi,
  tfxEntry,
  tfxSearchAnswer,
  type FakeRequest,
} from '../../../../test/api';
import { renderApp } from '../../../../test/render-app';
import { WELCOME_SHOWN_COOKIE } from '../../../features/welcome/utils/welcome-storage';
import { clearSession } from '../../../lib/session-tokens';

// The whole app renders (layout, header, session): give slow shared machines time.

afterEach(() => {
  clearSession();
  Cookies.remove(WELCOME_SHOWN_COOKIE, { path: '/' });
  localStorage.clear();
});

const searches = (calls: FakeRequest[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/tfxes/search');

const COMPOST = tfxEntry(1, 'Compostaje comunitario en barrios', {
  awarded: true,
  tags: ['compostaje', 'residuos'],
  ods: [12],
  snippets: {
    title: '<mark>Compostaje</mark> comunitario en barrios',
    summary: null,
    document:
      'el <mark>compost</mark> se volteó cada semana<script>alert(1)</script><img src=x onerror="alert(2)">',
  },
});

describe('/tfx for a visitor', () => {
  it('reads the search from the URL, sends it to the API and shows the cards with where the words were found', async () => {
    const { calls } = stubLibraryApi({
      routes: {
        'GET /api/tfxes/search': () =>
          jsonResponse(tfxSearchAnswer([COMPOST, tfxEntry(2, 'Huertos urbanos')], { total: 2 })),
      },
    });
    renderApp('/tfx?q=compost&year=2025&ods=12&awarded=true&sort=newest');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Biblioteca de trabajos finales' }),
    ).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Compostaje comunitario en barrios' });
    expect(link.getAttribute('href')).toBe('/tfx/1');
    const sent = searches(calls)[0]!.url.searchParams;
    expect(sent.get('q')).toBe('compost');
    expect(sent.getAll('year')).toEqual(['2025']);
    expect(sent.getAll('ods')).toEqual(['12']);
    expect(sent.getAll('awarded')).toEqual(['true']);
    expect(sent.get('sort')).toBe('newest');
    expect(sent.get('page')).toBe('1');
    expect(sent.get('pageSize')).toBe('12');
    expect(sent.has('external')).toBe(false);

    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Buscar trabajos' }).value).toBe(
      'compost',
    );
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '2025 (5)' }).checked).toBe(true);
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', {
        name: 'ODS 12: Producción y consumo responsables (4)',
      }).checked,
    ).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Premiado (2)' }).checked).toBe(
      true,
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Ordenar por' }).value).toBe(
      'newest',
    );
    expect(screen.getByText('2 trabajos encontrados')).toBeTruthy();

    // The words found: the title highlighted in place, the PDF's passage said as such; only
    // <mark> is read as markup, anything else that looks like a tag stays text (lib/highlight.ts).
    const card = link.closest('article')!;
    expect(link.querySelector('mark')?.textContent).toBe('Compostaje');
    const passage = within(card).getByText('En el documento:').parentElement!;
    expect(passage.querySelector('mark')?.textContent).toBe('compost');
    expect(passage.textContent).toBe(
      'En el documento: …el compost se volteó cada semana<script>alert(1)</script><img src=x onerror="alert(2)">…',
    );
    expect(card.querySelector('script, img')).toBeNull();
    expect(within(card).getByText('Premiado')).toBeTruthy();
    expect(within(card).getByRole('list', { name: 'Temas' }).textContent).toContain('compostaje');
    expect(
      within(card).getByRole('list', { name: 'Objetivos de Desarrollo Sostenible' }),
    ).toBeTruthy();
    expect(within(card).getByText('Grado en Ingeniería Informática')).toBeTruthy();
    expect(within(card).getByText('Universidad de Murcia')).toBeTruthy();
    // Visitors do not save.
    expect(screen.queryByRole('button', { name: /^Guardar/ })).toBeNull();
  });

  it('ticking a facet puts it in the URL (page back to 1), searches again, and Back undoes it', async () => {
    const { calls } = stubLibraryApi({
      routes: {
        'GET /api/tfxes/search': () =>
          jsonResponse(tfxSearchAnswer([COMPOST], { page: 2, pageCount: 3, total: 25 })),
      },
    });
    const { router } = renderApp('/tfx?sector=Medio+ambiente&page=2');
    await screen.findByRole('link', { name: 'Compostaje comunitario en barrios' });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Inglés (1)' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?sector=Medio+ambiente&language=Ingl%C3%A9s'),
    );
    await waitFor(() =>
      expect(searches(calls).some((c) => c.url.searchParams.get('language') === 'Inglés')).toBe(
        true,
      ),
    );

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?sector=Medio+ambiente&page=2'));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Inglés (1)' }).checked).toBe(
        false,
      ),
    );
  });

  it('the words and the order change the URL; pages are links with aria-current', async () => {
    stubLibraryApi({
      routes: {
        'GET /api/tfxes/search': (request) =>
          jsonResponse(
            tfxSearchAnswer([COMPOST], {
              page: Number(request.url.searchParams.get('page')),
              pageCount: 3,
              total: 30,
            }),
          ),
      },
    });
    const { router } = renderApp('/tfx?page=2');
    await screen.findByRole('link', { name: 'Compostaje comunitario en barrios' });

    const pages = screen.getByRole('navigation', { name: 'Paginación' });
    expect(within(pages).getByRole('link', { name: 'Página 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(pages).getByRole('link', { name: 'Página 3' }).getAttribute('href')).toBe(
      '/tfx?page=3',
    );
    // Without words there is nothing to rank: only the newest first.
    const order = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Ordenar por' });
    expect([...order.options].map((option) => option.text)).toEqual(['Más recientes']);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar trabajos' }), {
      target: { value: 'agua limpia' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=agua+limpia'));
    await waitFor(() =>
      expect(
        [...screen.getByRole<HTMLSelectElement>('combobox', { name: 'Ordenar por' }).options].map(
          (option) => option.text,
        ),
      ).toEqual(['Relevancia', 'Más recientes']),
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Ordenar por' }), {
      target: { value: 'newest' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?q=agua+limpia&sort=newest'));
  });

  it('says when it shows works with similar spellings', async () => {
    stubLibraryApi({
      routes: {
        'GET /api/tfxes/search': () => jsonResponse(tfxSearchAnswer([COMPOST], { fallback: true })),
      },
    });
    renderApp('/tfx?q=compostage');
    expect(
      await screen.findByText(
        'No hay resultados exactos; mostramos trabajos con palabras parecidas',
      ),
    ).toBeTruthy();
  });

  it('with no results it says so and offers to remove the filters', async () => {
    stubLibraryApi({
      routes: { 'GET /api/tfxes/search': () => jsonResponse(tfxSearchAnswer([])) },
    });
    const { router } = renderApp('/tfx?q=zzz&ods=3');
    expect(await screen.findByText(/No hay trabajos que cumplan esta búsqueda/)).toBeTruthy();
    expect(screen.getByText('Ningún trabajo encontrado')).toBeTruthy();
    const [clear] = screen.getAllByRole('button', { name: 'Quitar filtros' });
    fireEvent.click(clear!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(
      await screen.findByText(/Todavía no hay trabajos publicados en la biblioteca/),
    ).toBeTruthy();
  });

  it('when the search fails it says so and "Reintentar" asks again', async () => {
    let fail = true;
    stubLibraryApi({
      routes: {
        'GET /api/tfxes/search': () =>
          fail ? strapiError(400, 'Invalid') : jsonResponse(tfxSearchAnswer([COMPOST])),
      },
    });
    renderApp('/tfx');
    expect(await screen.findByText(/No se han podido cargar los trabajos/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByRole('link', { name: 'Compostaje comunitario en barrios' }),
    ).toBeTruthy();
  });

  it('with the library switched off it says it is not available and asks nothing', async () => {
    const { calls } = stubLibraryApi({
      permissions: {
        ...LIBRARY_PERMISSIONS,
        tfxes: { enabled: false, create: false, update: false },
      },
    });
    renderApp('/tfx');
    expect(
      await screen.findByText(
        'La biblioteca de trabajos finales no está disponible en esta plataforma.',
      ),
    ).toBeTruthy();
    expect(searches(calls)).toHaveLength(0);
  });
});

describe('/tfx/external', () => {
  it('searches the external repository, shows author and university, and "Ver trabajo" opens the link in a new tab', async () => {
    const { calls } = stubLibraryApi({
      routes: {
        'GET /api/tfxes/search': () =>
          jsonResponse(
            tfxSearchAnswer([
              tfxEntry(40, 'Movilidad sostenible en Valencia', {
                external: true,
                author_name: 'Pablo Ortega',
                institution: 'Universitat de València',
                hasFile: false,
                file_URL: 'https://roderic.uv.es/handle/10550/1234',
              }),
            ]),
          ),
      },
    });
    renderApp('/tfx/external');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trabajos finales externos' }),
    ).toBeTruthy();
    const card = (
      await screen.findByRole('link', { name: 'Movilidad sostenible en Valencia' })
    ).closest('article')!;
    expect(searches(calls)[0]!.url.searchParams.get('external')).toBe('true');
    expect(within(card).getByText('Pablo Ortega')).toBeTruthy();
    expect(within(card).getByText('Universitat de València')).toBeTruthy();
    const open = within(card).getByRole('link', { name: /Ver trabajo/ });
    expect(open.getAttribute('href')).toBe('https://roderic.uv.es/handle/10550/1234');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    expect(open.textContent).toContain('(se abre en una pestaña nueva)');
  });

  it('follows its own switch', async () => {
    stubLibraryApi({ permissions: { ...LIBRARY_PERMISSIONS, externalTfxes: { enabled: false } } });
    renderApp('/tfx/external');
    expect(
      await screen.findByText(
        'El repositorio de trabajos finales externos no está disponible en esta plataforma.',
      ),
    ).toBeTruthy();
  });
});

describe('/tfx for a student', () => {
  it('saving a work sends the whole list of saved works through the external call, and says so', async () => {
    const { calls } = stubLibraryApi({
      role: 'student',
      routes: {
        'GET /api/tfxes/search': () =>
          jsonResponse(
            tfxSearchAnswer([
              tfxEntry(1, 'Compostaje comunitario en barrios', { saved: false }),
              tfxEntry(2, 'Huertos urbanos', { saved: true }),
            ]),
          ),
        [`GET /api/students/${LIBRARY_STUDENT_ID}?`]: () =>
          jsonResponse(
            savedWorksAnswer(LIBRARY_STUDENT_ID, [
              { id: 2, attributes: { title: 'Huertos urbanos' } },
              { id: 40, attributes: { title: 'Movilidad sostenible', external: true } },
            ]),
          ),
        'PUT /api/external/students/': () => jsonResponse({ data: { id: LIBRARY_STUDENT_ID } }),
      },
    });
    renderApp('/tfx');
    expect(await screen.findByRole('button', { name: 'Guardado: «Huertos urbanos»' })).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', { name: 'Guardar: «Compostaje comunitario en barrios»' }),
    );

    expect(
      await screen.findByText(
        'Has guardado «Compostaje comunitario en barrios». Lo tienes en tu perfil, con tus trabajos guardados.',
      ),
    ).toBeTruthy();
    const [put] = calls.filter((c) => c.method === 'PUT');
    expect(put!.url.pathname).toBe(`/api/external/students/${LIBRARY_STUDENT_ID}`);
    // The saved works populated by id only: nothing reads the answer (ADR 0042).
    expect(Object.fromEntries(put!.url.searchParams)).toEqual({
      'fields[0]': 'id',
      'populate[favorites_tfxes][fields][0]': 'id',
    });
    expect(put!.body).toEqual({ data: { favorites_tfxes: [2, 40, 1] } });
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/api';
import {
  account,
  projectAnswer,
  STUDENT_ID,
  stubCatalogueApi,
  type ApiCall,
} from '../../../../test/api/catalogue';
import { renderApp } from '../../../../test/render-app';
import { WELCOME_SHOWN_COOKIE } from '../../../features/welcome/utils/welcome-storage';
import { clearSession } from '../../../lib/session-tokens';
import { searchAnswer, searchEntry } from '../../../../test/api/projects';

// The whole app renders (layout, header, session): give slow shared machines time.

afterEach(() => {
  clearSession();
  Cookies.remove(WELCOME_SHOWN_COOKIE, { path: '/' });
  localStorage.clear();
});

const searches = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/projects/search');

describe('/projects for a visitor', () => {
  it('reads the search from the URL, sends it to the API and shows the cards without save buttons', async () => {
    const calls = stubCatalogueApi({
      'GET /api/projects/search': () =>
        jsonResponse(
          searchAnswer([searchEntry(1, 'Huertos escolares'), searchEntry(2, 'Radio comunitaria')]),
        ),
    });
    renderApp('/projects?q=huerto&type=Impacto+social&ods=4&sort=title');

    expect(await screen.findByRole('heading', { level: 1, name: 'Proyectos' })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Proyectos · \S/));
    const link = await screen.findByRole('link', { name: 'Huertos escolares' });
    expect(link.getAttribute('href')).toBe('/projects/1');
    const sent = searches(calls)[0]!.url.searchParams;
    expect(sent.get('q')).toBe('huerto');
    expect(sent.getAll('type')).toEqual(['Impacto social']);
    expect(sent.getAll('ods')).toEqual(['4']);
    expect(sent.get('sort')).toBe('title');
    expect(sent.get('page')).toBe('1');
    expect(
      screen.getByRole<HTMLInputElement>('searchbox', { name: 'Buscar proyectos' }).value,
    ).toBe('huerto');
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: /Impacto social \(7/ }).checked,
    ).toBe(true);
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: /ODS 4: Educación de calidad/ })
        .checked,
    ).toBe(true);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Ordenar por' }).value).toBe(
      'title',
    );
    expect(screen.getByText('2 proyectos encontrados')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Guardar/ })).toBeNull();
    // Visitors get published projects only: no status facet.
    expect(screen.queryByRole('group', { name: 'Estado' })).toBeNull();
  });

  it('shows where a text search found its words: only the <mark> of the snippet is markup, the rest text', async () => {
    stubCatalogueApi({
      'GET /api/projects/search': () =>
        jsonResponse(
          searchAnswer([
            {
              ...searchEntry(1, 'Huertos escolares'),
              snippet:
                'Un <mark>huerto</mark> en el patio <img src="x" onerror="alert(1)"><b>del colegio</b>',
            },
            { ...searchEntry(2, 'Radio comunitaria'), snippet: null },
          ]),
        ),
    });
    renderApp('/projects?q=huerto');
    const card = (await screen.findByRole('link', { name: 'Huertos escolares' })).closest(
      'article',
    )!;
    const highlight = within(card).getByText('huerto', { selector: 'mark' });
    const snippet = highlight.parentElement!;
    expect(snippet.querySelector('img, b')).toBeNull();
    expect(snippet.textContent).toBe(
      'Un huerto en el patio <img src="x" onerror="alert(1)"><b>del colegio</b>',
    );
    const other = screen.getByRole('link', { name: 'Radio comunitaria' }).closest('article')!;
    expect(other.querySelector('mark')).toBeNull();
  });

  it('ticking a facet puts it in the URL (page back to 1), searches again, and Back undoes it', async () => {
    const calls = stubCatalogueApi({
      'GET /api/projects/search': () =>
        jsonResponse(
          searchAnswer([searchEntry(1, 'Huertos escolares')], { page: 2, pageCount: 3, total: 25 }),
        ),
    });
    const { router } = renderApp('/projects?type=TFG%2FTFM&page=2');
    await screen.findByRole('link', { name: 'Huertos escolares' });

    fireEvent.click(screen.getByRole('checkbox', { name: /Remoto \(4/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?type=TFG%2FTFM&presentiality=Remoto'),
    );
    await waitFor(() =>
      expect(
        searches(calls).some((c) => c.url.searchParams.get('presentiality') === 'Remoto'),
      ).toBe(true),
    );
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Remoto \(4/ }).checked).toBe(
      true,
    );

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?type=TFG%2FTFM&page=2'));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Remoto \(4/ }).checked).toBe(
        false,
      ),
    );
  });

  it('the text search and the sort change the URL; pages are links with aria-current', async () => {
    stubCatalogueApi({
      'GET /api/projects/search': (url) =>
        jsonResponse(
          searchAnswer([searchEntry(1, 'Huertos escolares')], {
            page: Number(url.searchParams.get('page')),
            pageCount: 3,
            total: 30,
          }),
        ),
    });
    const { router } = renderApp('/projects?page=2');
    await screen.findByRole('link', { name: 'Huertos escolares' });

    const pages = screen.getByRole('navigation', { name: 'Paginación' });
    expect(within(pages).getByRole('link', { name: 'Página 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(pages).getByRole('link', { name: 'Página 3' }).getAttribute('href')).toBe(
      '/projects?page=3',
    );

    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar proyectos' }), {
      target: { value: 'agua limpia' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=agua+limpia'));

    fireEvent.change(screen.getByRole('combobox', { name: 'Ordenar por' }), {
      target: { value: 'relevance' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?q=agua+limpia&sort=relevance'));
  });

  it('a card opens the project, whose "Volver a los proyectos" returns to the same search', async () => {
    stubCatalogueApi({
      'GET /api/projects/search': () =>
        jsonResponse(searchAnswer([searchEntry(5, 'Huertos escolares comunitarios')])),
      'GET /api/projects/5': () => jsonResponse(projectAnswer(5)),
    });
    const { router } = renderApp('/projects?ods=4&sort=title');
    fireEvent.click(await screen.findByRole('link', { name: 'Huertos escolares comunitarios' }));
    await screen.findByRole('heading', { level: 1, name: 'Huertos escolares comunitarios' });
    expect(router.state.location.pathname).toBe('/projects/5');
    expect(screen.getByRole('link', { name: 'Volver a los proyectos' }).getAttribute('href')).toBe(
      '/projects?ods=4&sort=title',
    );
  });

  it('with no results it says so in Spanish and offers to remove the filters', async () => {
    stubCatalogueApi({ 'GET /api/projects/search': () => jsonResponse(searchAnswer([])) });
    const { router } = renderApp('/projects?location=Teruel');
    expect(await screen.findByText(/No hay proyectos que cumplan estos filtros/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Quitar filtros' }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('/projects for a student', () => {
  it('asks for the search beside the student record, not after it', async () => {
    let releaseRecord: () => void = () => {};
    const record = new Promise<void>((resolve) => {
      releaseRecord = resolve;
    });
    const calls = stubCatalogueApi(
      {
        'GET /api/projects/search': () =>
          jsonResponse(searchAnswer([searchEntry(1, 'Huertos escolares')])),
        'GET /api/projects/recommended': () => jsonResponse({ data: [], meta: {} }),
        // The student record (the profile lookup) answers only when the test says so.
        'GET /api/students?': async () => {
          await record;
          return jsonResponse({
            data: [{ id: STUDENT_ID, attributes: { province: 'Murcia' } }],
            meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
          });
        },
      },
      { user: account('student') },
    );
    renderApp('/projects?ods=4');

    await waitFor(() => expect(searches(calls)).toHaveLength(1));
    expect(searches(calls)[0]!.url.searchParams.getAll('ods')).toEqual(['4']);
    // The cards wait for the record (their save buttons need it), then come from that answer.
    expect(screen.queryByRole('link', { name: 'Huertos escolares' })).toBeNull();
    releaseRecord();
    const card = (await screen.findByRole('link', { name: 'Huertos escolares' })).closest(
      'article',
    )!;
    expect(within(card).getByRole('button', { name: /^Guardar/ })).toBeTruthy();
    expect(searches(calls)).toHaveLength(1);
  });

  it('shows the "Inscrito" badge, the recommendations, and a save button that says "Guardar" or "Guardado" and confirms each change in a toast', async () => {
    const calls = stubCatalogueApi(
      {
        'GET /api/projects/search': () =>
          jsonResponse(
            searchAnswer([
              searchEntry(1, 'Huertos escolares', { applied: true, saved: false }),
              searchEntry(2, 'Radio comunitaria', { applied: false, saved: true }),
            ]),
          ),
        'GET /api/projects/recommended': () =>
          jsonResponse({
            data: [
              {
                ...searchEntry(5, 'Banco de alimentos'),
                score: 82,
                reasons: ['coincide con tu área: Humanidades', 'en tu provincia: Murcia'],
              },
            ],
            meta: {},
          }),
        'PUT /api/students/': () =>
          jsonResponse({ data: { id: STUDENT_ID, attributes: {} }, meta: {} }),
      },
      { user: account('student') },
    );
    renderApp('/projects');

    const recommended = await screen.findByRole('region', {
      name: 'Proyectos recomendados para ti',
    });
    expect(within(recommended).getByRole('link', { name: 'Banco de alimentos' })).toBeTruthy();
    expect(within(recommended).getByText('Coincide con tu área: Humanidades')).toBeTruthy();
    expect(within(recommended).getByText(/Afinidad: 82/)).toBeTruthy();

    const results = screen.getByRole('region', { name: 'Resultados' });
    const first = (await within(results).findByRole('link', { name: 'Huertos escolares' })).closest(
      'article',
    )!;
    const second = within(results)
      .getByRole('link', { name: 'Radio comunitaria' })
      .closest('article')!;
    expect(within(first).getByText('Inscrito')).toBeTruthy();
    expect(within(second).queryByText('Inscrito')).toBeNull();

    // A saved project says so once, on its button: the state is seen and heard alike.
    const saveSecond = within(second).getByRole('button', {
      name: 'Guardado: «Radio comunitaria»',
    });
    expect(saveSecond.textContent).toBe('Guardado');
    expect(within(second).getAllByText('Guardado')).toHaveLength(1);
    expect(document.getElementById(saveSecond.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Púlsalo para quitarlo de tus proyectos guardados.',
    );
    const saveFirst = within(first).getByRole('button', { name: 'Guardar: «Huertos escolares»' });
    expect(saveFirst.textContent).toBe('Guardar');
    expect(within(first).queryByText('Guardado')).toBeNull();
    fireEvent.click(saveFirst);
    expect(saveFirst.textContent).toBe('Guardado');
    expect(saveFirst.getAttribute('aria-label')).toBe('Guardado: «Huertos escolares»');
    await waitFor(() => {
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.url.pathname).toBe(`/api/students/${STUDENT_ID}`);
      expect(put?.body).toEqual({ data: { favorites: { connect: [1] } } });
    });
    const toasts = screen.getByRole('region', { name: /^Confirmaciones/ });
    await waitFor(() =>
      expect(toasts.textContent).toContain(
        'Has guardado «Huertos escolares». Lo tienes en tu perfil, en «Proyectos guardados».',
      ),
    );
    fireEvent.click(saveSecond);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
        data: { favorites: { disconnect: [2] } },
      }),
    );
    await waitFor(() =>
      expect(toasts.textContent).toContain(
        'Has quitado «Radio comunitaria» de tus proyectos guardados.',
      ),
    );
  });

  it('shows each ODS on a card with its number and its name, not a bare coloured number', async () => {
    stubCatalogueApi(
      {
        'GET /api/projects/search': () =>
          jsonResponse(searchAnswer([searchEntry(1, 'Huertos escolares')])),
      },
      { user: account('student') },
    );
    renderApp('/projects');
    const card = (await screen.findByRole('link', { name: 'Huertos escolares' })).closest(
      'article',
    )!;
    const goals = within(card).getByRole('list', { name: 'Objetivos de Desarrollo Sostenible' });
    const items = within(goals).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'ODS 4: Educación de calidad',
      'ODS 10: Reducción de las desigualdades',
    ]);
    // The names are on the card, not only read out: nothing of them is visually hidden.
    for (const item of items) {
      const name = within(item).getByText(/Educación de calidad|Reducción de las desigualdades/);
      expect(name.className).not.toContain('sr-only');
    }
  });
});

describe('/projects for an admin', () => {
  it('offers the status facet, sends it, and shows each card status', async () => {
    const calls = stubCatalogueApi(
      {
        'GET /api/projects/search': () =>
          jsonResponse(
            searchAnswer([searchEntry(1, 'Huertos escolares', { status: 'Por validar' })]),
          ),
      },
      { user: account('admin') },
    );
    const { router } = renderApp('/projects');
    await screen.findByRole('link', { name: 'Huertos escolares' });
    expect(screen.getByText('Por validar', { selector: 'article span' })).toBeTruthy();
    const statusGroup = screen.getByRole('group', { name: 'Estado' });
    fireEvent.click(within(statusGroup).getByRole('checkbox', { name: 'Por validar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=Por+validar'));
    await waitFor(() =>
      expect(searches(calls).some((c) => c.url.searchParams.get('status') === 'Por validar')).toBe(
        true,
      ),
    );
  });
});

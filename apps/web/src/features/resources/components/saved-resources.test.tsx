import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  favoriteResourcesAnswer,
  fakeApi,
  jsonResponse,
  resourceEntry,
  strapiError,
} from '../../../../test/api';
import { expectToast } from '../../../../test/toasts';
import { Toaster } from '../../../components/ui/toast';
import { createQueryClient } from '../../../lib/query-client';
import { SavedResources } from './saved-resources';

const STUDENT_ID = 31;
const path = `/api/students/${STUDENT_ID}`;

/** The list on its own, as the profile will place it. */
function renderList(props: Partial<Parameters<typeof SavedResources>[0]> = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SavedResources studentId={STUDENT_ID} canBrowseResources {...props} />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SavedResources', () => {
  it('lists the saved resources with their pictures and links, read with one call', async () => {
    const { calls } = fakeApi({
      frame: false,
      routes: {
        [`GET ${path}?`]: () =>
          jsonResponse(
            favoriteResourcesAnswer(STUDENT_ID, [
              resourceEntry(1, 'Cómo elegir un tema'),
              resourceEntry(2, 'Cómo citar en APA', { picture: null }),
            ]),
          ),
      },
    });
    renderList();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Recursos guardados' }),
    ).toBeTruthy();
    expect(
      (await screen.findByRole('link', { name: 'Cómo elegir un tema' })).getAttribute('href'),
    ).toBe('/resources/1');
    expect(screen.getByRole('link', { name: 'Cómo citar en APA' })).toBeTruthy();
    const sent = calls[0]!.url.searchParams;
    expect(sent.get('populate[favorites_resources][populate][picture]')).toBe('*');
  });

  it('removes one (disconnect), confirms it and keeps the focus in the list', async () => {
    let saved = [resourceEntry(1, 'Cómo elegir un tema'), resourceEntry(2, 'Cómo citar en APA')];
    const { calls } = fakeApi({
      frame: false,
      routes: {
        [`GET ${path}?`]: () => jsonResponse(favoriteResourcesAnswer(STUDENT_ID, saved)),
        [`PUT ${path}`]: () => {
          saved = saved.slice(1);
          return jsonResponse({ data: { id: STUDENT_ID, attributes: {} }, meta: {} });
        },
      },
    });
    renderList();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Quitar de guardados: Cómo elegir un tema' }),
    );
    await expectToast('Has quitado «Cómo elegir un tema» de tus recursos guardados.');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { data: { favorites_resources: { disconnect: [1] } } },
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Quitar de guardados: Cómo elegir un tema' }),
      ).toBeNull(),
    );
    expect(document.activeElement?.closest('section')).toBe(
      screen.getByRole('region', { name: 'Recursos guardados' }),
    );
  });

  it('says when there is none yet, with the way to the resources when they are open', async () => {
    fakeApi({
      frame: false,
      routes: { [`GET ${path}?`]: () => jsonResponse(favoriteResourcesAnswer(STUDENT_ID, [])) },
    });
    renderList({ headingLevel: 3 });
    expect(await screen.findByText(/Todavía no has guardado ningún recurso/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Recursos guardados' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver recursos' }).getAttribute('href')).toBe(
      '/resources',
    );
  });

  it('without access to /resources: titles without links, no way there', async () => {
    fakeApi({
      frame: false,
      routes: {
        [`GET ${path}?`]: () =>
          jsonResponse(
            favoriteResourcesAnswer(STUDENT_ID, [resourceEntry(1, 'Cómo elegir un tema')]),
          ),
      },
    });
    renderList({ canBrowseResources: false });
    expect(await screen.findByText('Cómo elegir un tema')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('a failed read says so and can be asked again', async () => {
    let fail = true;
    fakeApi({
      frame: false,
      routes: {
        [`GET ${path}?`]: () =>
          fail
            ? strapiError(403, 'Forbidden', undefined, 'ForbiddenError')
            : jsonResponse(favoriteResourcesAnswer(STUDENT_ID, [])),
      },
    });
    renderList();
    expect(await screen.findByText(/No se han podido cargar tus recursos guardados/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(/Todavía no has guardado ningún recurso/)).toBeTruthy();
  });
});

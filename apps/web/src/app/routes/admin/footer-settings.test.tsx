import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/api';
import { stubSettingsApi, writes } from '../../../../test/api/settings';
import { renderApp } from '../../../../test/render-app';
import { clearSession } from '../../../lib/session-tokens';

afterEach(() => {
  clearSession();
});

const LOGO = {
  source: { data: { id: 5, attributes: { url: '/uploads/pie.svg', alternativeText: 'Logo' } } },
  alternativeText: 'Logo de la red',
  isLink: true,
  width: 240,
  height: 64,
};

/** The stored footer: one row with an image column and a column of two links. */
function footerEnvelope() {
  return {
    data: [
      {
        id: 3,
        attributes: {
          publishedAt: '2024-01-01T00:00:00.000Z',
          FooterSection: [
            {
              rows: [
                {
                  columns: [
                    { images: [LOGO] },
                    {
                      links: [
                        {
                          text: 'Proyectos',
                          title: 'Ver proyectos',
                          url: '/projects',
                          language: 'es',
                        },
                        { text: 'Recursos', title: null, url: '/resources', language: 'es' },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      },
    ],
    meta: {},
  };
}

function stubFooter(
  put: () => Response = () => jsonResponse({ data: { id: 3, attributes: {} }, meta: {} }),
) {
  return stubSettingsApi({
    '/api/footer-sections/3': put,
    '/api/footer-sections': () => jsonResponse(footerEnvelope()),
  });
}

/** Opens a folded column of the editor and answers its content. */
async function openColumn(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Editar: ${name}` }));
  const toggle = screen.getByRole('button', { name: `Ocultar: ${name}` });
  return document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
}

function putBody(fetchMock: ReturnType<typeof stubFooter>) {
  const put = writes(fetchMock).find(
    ([method, path]) => method === 'PUT' && path === '/api/footer-sections/3',
  );
  return (put?.[2] as { data: { FooterSection: unknown } } | undefined)?.data.FooterSection;
}

describe('footer editor', () => {
  it('folds each column to a summary; editing a link and saving sends the whole footer back', async () => {
    const fetchMock = stubFooter();
    renderApp('/admin/ajustes/pie');

    expect(await screen.findByText('1 imagen')).toBeTruthy();
    expect(screen.getByText('2 enlaces')).toBeTruthy();
    const column = await openColumn('fila 1, columna 2');
    const link = within(column).getByRole('group', { name: 'Fila 1, columna 2, enlace 1' });
    fireEvent.change(within(link).getByRole('textbox', { name: 'Texto' }), {
      target: { value: 'Todos los proyectos' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar pie de página' }));

    expect(await screen.findByText(/Pie de página guardado/)).toBeTruthy();
    expect(putBody(fetchMock)).toEqual([
      {
        rows: [
          {
            columns: [
              { images: [LOGO] },
              {
                links: [
                  {
                    text: 'Todos los proyectos',
                    title: 'Ver proyectos',
                    url: '/projects',
                    language: 'es',
                  },
                  { text: 'Recursos', title: null, url: '/resources', language: 'es' },
                ],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('adds, reorders and removes items, and keeps the focus on the pressed control', async () => {
    const fetchMock = stubFooter();
    renderApp('/admin/ajustes/pie');

    const column = await openColumn('fila 1, columna 2');
    const down = within(column).getByRole('button', {
      name: 'Mover abajo: fila 1, columna 2, enlace 1',
    });
    down.focus();
    fireEvent.click(down);
    // "Proyectos" is now the second link; its "move up" button takes the focus (it is at the end).
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe(
        'Mover arriba: fila 1, columna 2, enlace 2',
      ),
    );
    fireEvent.click(
      within(column).getByRole('button', {
        name: 'Añadir idioma al selector de la fila 1, columna 2',
      }),
    );
    const option = within(column).getByRole('group', { name: 'Fila 1, columna 2, idioma 1' });
    fireEvent.change(within(option).getByRole('textbox', { name: 'Código (es, en...)' }), {
      target: { value: 'ca' },
    });
    fireEvent.change(within(option).getByRole('textbox', { name: 'Nombre' }), {
      target: { value: 'Català' },
    });
    fireEvent.click(
      within(column).getByRole('button', { name: 'Eliminar: fila 1, columna 2, enlace 1' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mover después: fila 1, columna 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar pie de página' }));

    expect(await screen.findByText(/Pie de página guardado/)).toBeTruthy();
    expect(putBody(fetchMock)).toEqual([
      {
        rows: [
          {
            columns: [
              {
                links: [
                  { text: 'Proyectos', title: 'Ver proyectos', url: '/projects', language: 'es' },
                ],
                languageSelector: [{ value: 'ca', label: 'Català', disabled: false }],
              },
              { images: [LOGO] },
            ],
          },
        ],
      },
    ]);
  });

  it('when a link has no text or an address the API refuses, it opens the column and marks the fields', async () => {
    const fetchMock = stubFooter();
    renderApp('/admin/ajustes/pie');

    const column = await openColumn('fila 1, columna 2');
    fireEvent.click(
      within(column).getByRole('button', { name: 'Añadir enlace a la fila 1, columna 2' }),
    );
    const added = within(column).getByRole('group', { name: 'Fila 1, columna 2, enlace 3' });
    fireEvent.change(within(added).getByRole('textbox', { name: 'Dirección' }), {
      target: { value: 'www.example.org' },
    });
    // Fold it: the save must open it again to show the errors.
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar: fila 1, columna 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar pie de página' }));

    expect(await screen.findByText('Revisa los campos marcados antes de guardar.')).toBeTruthy();
    const reopened = screen.getByRole('group', { name: 'Fila 1, columna 2, enlace 3' });
    expect(within(reopened).getByText('Este campo es obligatorio.')).toBeTruthy();
    expect(within(reopened).getByText('Formato no válido.')).toBeTruthy();
    expect(writes(fetchMock)).toEqual([]);
  });

  it('when the server refuses a value, the error appears at that field', async () => {
    stubFooter(() =>
      jsonResponse(
        {
          data: null,
          error: {
            status: 400,
            name: 'ValidationError',
            message: 'invalid',
            details: {
              errors: [
                {
                  path: ['FooterSection', '0', 'rows', '0', 'columns', '1', 'links', '1', 'url'],
                  message: 'must be an http(s) URL or a path starting with /',
                },
              ],
            },
          },
        },
        400,
      ),
    );
    renderApp('/admin/ajustes/pie');

    await screen.findByText('2 enlaces');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar pie de página' }));

    expect(
      await screen.findByText('No se han guardado los cambios: revisa los campos marcados.'),
    ).toBeTruthy();
    const link = await screen.findByRole('group', { name: 'Fila 1, columna 2, enlace 2' });
    const url = within(link).getByRole('textbox', { name: 'Dirección' });
    expect(url.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(url, { target: { value: '/recursos' } });
    expect(url.getAttribute('aria-invalid')).toBeNull();
  });

  it('uploads an image for a new image item and stores the media reference as the seed does', async () => {
    const fetchMock = stubSettingsApi({
      '/api/upload': () =>
        jsonResponse(
          [
            {
              id: 77,
              name: 'ods.png',
              url: '/uploads/ods.png',
              mime: 'image/png',
              width: 300,
              height: 80,
            },
          ],
          201,
        ),
      '/api/footer-sections/3': () => jsonResponse({ data: { id: 3, attributes: {} }, meta: {} }),
      '/api/footer-sections': () => jsonResponse(footerEnvelope()),
    });
    renderApp('/admin/ajustes/pie');

    const column = await openColumn('fila 1, columna 2');
    fireEvent.click(
      within(column).getByRole('button', { name: 'Añadir imagen a la fila 1, columna 2' }),
    );
    const image = within(column).getByRole('group', { name: 'Fila 1, columna 2, imagen 1' });
    fireEvent.change(within(image).getByLabelText('Subir archivo: fila 1, columna 2, imagen 1'), {
      target: { files: [new File(['png'], 'ods.png', { type: 'image/png' })] },
    });
    await within(image).findByLabelText('Cambiar archivo: fila 1, columna 2, imagen 1');
    fireEvent.change(within(image).getByRole('textbox', { name: 'Texto alternativo' }), {
      target: { value: 'Objetivos de Desarrollo Sostenible' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar pie de página' }));

    expect(await screen.findByText(/Pie de página guardado/)).toBeTruthy();
    const sections = putBody(fetchMock) as { rows: { columns: { images?: unknown[] }[] }[] }[];
    expect(sections[0]?.rows[0]?.columns[1]?.images).toEqual([
      {
        source: {
          data: {
            id: 77,
            attributes: {
              url: '/uploads/ods.png',
              alternativeText: 'Objetivos de Desarrollo Sostenible',
            },
          },
        },
        alternativeText: 'Objetivos de Desarrollo Sostenible',
        isLink: false,
        width: 300,
        height: 80,
      },
    ]);
  });
});

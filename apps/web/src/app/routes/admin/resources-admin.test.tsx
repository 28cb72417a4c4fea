import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  jsonResponse,
  pictureMedia,
  refusal,
  resourceAnswer,
  resourceEntry,
  resourcesAnswer,
  strapiError,
  type FakeRequest,
} from '../../../../test/api';
import { resetRouteApi, stubRouteApi } from '../../../../test/api/route-screens';
import { renderApp } from '../../../../test/render-app';
import { expectToast } from '../../../../test/toasts';

afterEach(resetRouteApi);

const written = (calls: FakeRequest[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.pathname === path).map((c) => c.body);

const saved = (id: number) => () =>
  jsonResponse(resourceAnswer(id, 'Guardado', { publishedAt: null }));

describe('/admin/recursos', () => {
  it('lists drafts and published resources, the last edited first, with their state', async () => {
    const calls = stubRouteApi('admin', {
      'GET /api/resources?': () =>
        jsonResponse(
          resourcesAnswer([
            resourceEntry(1, 'Cómo elegir un tema', { publishedAt: null }),
            resourceEntry(2, 'Cómo citar en APA', { is_popular: true, popularity_visits: 1 }),
          ]),
        ),
    });
    renderApp('/admin/recursos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recursos' })).toBeTruthy();
    const draft = (await screen.findByRole('link', { name: 'Cómo elegir un tema' })).closest('li')!;
    expect(within(draft).getByText('Borrador')).toBeTruthy();
    expect(
      within(draft).getByRole('button', { name: 'Publicar: Cómo elegir un tema' }),
    ).toBeTruthy();
    const published = screen.getByRole('link', { name: 'Cómo citar en APA' }).closest('li')!;
    expect(within(published).getByText('Publicado')).toBeTruthy();
    expect(within(published).getByText(/1 visita/)).toBeTruthy();
    const sent = calls.find((c) => c.url.pathname === '/api/resources')!.url.searchParams;
    expect(sent.get('publicationState')).toBe('preview');
    expect(sent.get('sort[0]')).toBe('updatedAt:desc');
  });

  it('publishes a draft and makes a published one a draft again, each confirmed', async () => {
    const calls = stubRouteApi('admin', {
      'GET /api/resources?': () =>
        jsonResponse(
          resourcesAnswer([
            resourceEntry(1, 'Cómo elegir un tema', { publishedAt: null }),
            resourceEntry(2, 'Cómo citar en APA'),
          ]),
        ),
      'PUT /api/resources/': (url) => saved(Number(url.pathname.split('/').pop()))(),
    });
    renderApp('/admin/recursos');
    fireEvent.click(await screen.findByRole('button', { name: 'Publicar: Cómo elegir un tema' }));
    await expectToast('Has publicado «Cómo elegir un tema». Ya aparece en Recursos.');
    const [publish] = written(calls, 'PUT', '/api/resources/1') as [
      { data: { publishedAt: string } },
    ];
    expect(Object.keys(publish.data)).toEqual(['publishedAt']);
    expect(Number.isNaN(Date.parse(publish.data.publishedAt))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Pasar a borrador: Cómo citar en APA' }));
    await expectToast('«Cómo citar en APA» es ahora un borrador: ya no aparece en Recursos.');
    expect(written(calls, 'PUT', '/api/resources/2')).toEqual([{ data: { publishedAt: null } }]);
  });

  it('a signed-in student is told the screen is not for them', async () => {
    stubRouteApi('student', {});
    renderApp('/admin/recursos');
    expect(await screen.findByRole('heading', { name: 'Sin permiso' })).toBeTruthy();
  });
});

describe('/admin/recursos/nuevo', () => {
  it('without a title or an introduction, says so at the fields, focuses the first and sends nothing', async () => {
    const calls = stubRouteApi('admin', {});
    renderApp('/admin/recursos/nuevo');
    fireEvent.click(await screen.findByRole('button', { name: 'Publicar' }));
    const title = screen.getByRole('textbox', { name: 'Título' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(2);
    fireEvent.change(title, { target: { value: 'Guía' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Introducción/ }), {
      target: { value: 'Breve.' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Enlace/ }), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Formato no válido.')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('uploads the picture, shows its preview and posts every field, published now', async () => {
    const uploaded = { id: 77, ...pictureMedia(77).attributes };
    const calls = stubRouteApi('admin', {
      'POST /api/upload': () => jsonResponse([uploaded], 201),
      'POST /api/resources': () => jsonResponse(resourceAnswer(9, 'Plantilla de cronograma')),
      'GET /api/resources?': () => jsonResponse(resourcesAnswer([])),
    });
    const { router } = renderApp('/admin/recursos/nuevo');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Título' }), {
      target: { value: '  Plantilla de cronograma ' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Introducción/ }), {
      target: { value: 'Organiza tu curso en fases.' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Voluntariado' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar en finalidades' }), {
      target: { value: 'empleabilidad' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mejorar la empleabilidad juvenil' }));
    expect(
      screen.getByRole('button', { name: 'Quitar Mejorar la empleabilidad juvenil' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Haciendo el TFG/M' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Eligiendo el tema' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Enlace/ }), {
      target: { value: 'https://example.org/plantilla' },
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Recurso popular' }));
    fireEvent.change(screen.getByLabelText('Elegir imagen'), {
      target: { files: [new File(['png'], 'portada.png', { type: 'image/png' })] },
    });
    const preview = await screen.findByRole('img', {
      name: 'Vista previa de la imagen del recurso',
    });
    expect(preview.getAttribute('src')).toBe('/uploads/small_imagen-77.jpg');

    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await expectToast('Has publicado «Plantilla de cronograma». Ya aparece en Recursos.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/recursos'));
    const [body] = written(calls, 'POST', '/api/resources') as [{ data: Record<string, unknown> }];
    expect(body.data).toEqual({
      title: 'Plantilla de cronograma',
      introduction: 'Organiza tu curso en fases.',
      tags: ['Voluntariado'],
      purposes: ['Mejorar la empleabilidad juvenil'],
      tfx_status: ['choosing', 'doing'],
      content: null,
      link: 'https://example.org/plantilla',
      picture: 77,
      is_popular: true,
      publishedAt: expect.any(String) as string,
    });
  });

  it('the picture’s alternative text is written to its file before the resource is created', async () => {
    const uploaded = { id: 77, ...pictureMedia(77).attributes };
    const calls = stubRouteApi('admin', {
      'POST /api/upload': () => jsonResponse([uploaded], 201),
      'POST /api/upload?id=': () =>
        jsonResponse({ ...uploaded, alternativeText: 'Un calendario con fases de colores' }),
      'POST /api/resources': () => jsonResponse(resourceAnswer(9, 'Plantilla de cronograma')),
      'GET /api/resources?': () => jsonResponse(resourcesAnswer([])),
    });
    renderApp('/admin/recursos/nuevo');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Título' }), {
      target: { value: 'Plantilla de cronograma' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Introducción/ }), {
      target: { value: 'Organiza tu curso en fases.' },
    });
    // Asked only once there is a picture to describe.
    expect(screen.queryByRole('textbox', { name: /Texto alternativo de la imagen/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Elegir imagen'), {
      target: { files: [new File(['png'], 'portada.png', { type: 'image/png' })] },
    });
    const alt = await screen.findByRole('textbox', { name: /Texto alternativo de la imagen/ });
    expect((alt as HTMLInputElement).value).toBe('');
    fireEvent.change(alt, { target: { value: '  Un calendario con fases de colores ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await expectToast('Has publicado «Plantilla de cronograma». Ya aparece en Recursos.');

    const writes = calls.filter((c) => c.method === 'POST');
    expect(writes.map((c) => `${c.url.pathname}${c.url.search}`)).toEqual([
      '/api/upload',
      '/api/upload?id=77',
      '/api/resources',
    ]);
    const info = writes[1]!.body as FormData;
    expect(JSON.parse(info.get('fileInfo') as string)).toEqual({
      alternativeText: 'Un calendario con fases de colores',
    });
    expect(info.has('files')).toBe(false);
    const [body] = written(calls, 'POST', '/api/resources') as [{ data: Record<string, unknown> }];
    expect(body.data.picture).toBe(77);
  });

  it('an alternative text longer than a file holds is said at its field, and nothing is sent', async () => {
    const uploaded = { id: 77, ...pictureMedia(77).attributes };
    const calls = stubRouteApi('admin', {
      'POST /api/upload': () => jsonResponse([uploaded], 201),
    });
    renderApp('/admin/recursos/nuevo');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Título' }), {
      target: { value: 'Guía' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Introducción/ }), {
      target: { value: 'Breve.' },
    });
    fireEvent.change(screen.getByLabelText('Elegir imagen'), {
      target: { files: [new File(['png'], 'portada.png', { type: 'image/png' })] },
    });
    const alt = await screen.findByRole('textbox', { name: /Texto alternativo de la imagen/ });
    fireEvent.change(alt, { target: { value: 'a'.repeat(256) } });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Longitud máxima alcanzada.')).toBeTruthy();
    expect(document.activeElement).toBe(alt);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.search)).toEqual(['']);
  });

  it('an image of another type is refused before any upload', async () => {
    const calls = stubRouteApi('admin', {});
    renderApp('/admin/recursos/nuevo');
    fireEvent.change(await screen.findByLabelText('Elegir imagen'), {
      target: { files: [new File(['x'], 'guia.pdf', { type: 'application/pdf' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Archivo no permitido. Solo se aceptan: png, jpg, jpeg, webp, avif, svg',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('"Guardar como borrador" creates it unpublished', async () => {
    const calls = stubRouteApi('admin', {
      'POST /api/resources': () => jsonResponse(resourceAnswer(9, 'Guía')),
      'GET /api/resources?': () => jsonResponse(resourcesAnswer([])),
    });
    renderApp('/admin/recursos/nuevo');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Título' }), {
      target: { value: 'Guía' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Introducción/ }), {
      target: { value: 'Breve.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar como borrador' }));
    await expectToast('Has guardado «Guía» como borrador. Solo lo ve la administración.');
    const [body] = written(calls, 'POST', '/api/resources') as [{ data: Record<string, unknown> }];
    expect(body.data.publishedAt).toBeNull();
  });

  it("the server's refusal is said in the form, which stays", async () => {
    stubRouteApi('admin', {
      'POST /api/resources': () => refusal('El enlace no es una dirección web.'),
    });
    const { router } = renderApp('/admin/recursos/nuevo');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Título' }), {
      target: { value: 'Guía' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Introducción/ }), {
      target: { value: 'Breve.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(
      await screen.findByText(
        'El servidor no ha aceptado el recurso: El enlace no es una dirección web.',
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/recursos/nuevo');
  });
});

describe('/admin/recursos/:id', () => {
  it('reads the draft too, fills the form and saves the changes without touching its state', async () => {
    const calls = stubRouteApi('admin', {
      'GET /api/resources/4': () =>
        jsonResponse(
          resourceAnswer(4, 'Cómo citar en APA', {
            tags: ['Voluntariado', 'Etiqueta antigua'],
            tfx_status: ['finished'],
            link: 'https://apastyle.apa.org',
            content: '<h2>Citas</h2><p>Una autora: (García, 2023)</p>',
          }),
        ),
      'PUT /api/resources/4': saved(4),
      'GET /api/resources?': () => jsonResponse(resourcesAnswer([])),
    });
    renderApp('/admin/recursos/4');
    const title = await screen.findByRole('textbox', { name: 'Título' });
    expect((title as HTMLInputElement).value).toBe('Cómo citar en APA');
    expect(
      calls
        .find((c) => c.url.pathname === '/api/resources/4')!
        .url.searchParams.get('publicationState'),
    ).toBe('preview');
    // A stored label no list holds stays chosen.
    expect(screen.getByRole('checkbox', { name: 'Etiqueta antigua' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('img', { name: 'Vista previa de la imagen del recurso' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Contenido/ }).textContent).toContain(
      'Una autora: (García, 2023)',
    );

    fireEvent.change(title, { target: { value: 'Cómo citar en APA 7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Quitar imagen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await expectToast('Has guardado los cambios de «Cómo citar en APA 7».');
    const [body] = written(calls, 'PUT', '/api/resources/4') as [{ data: Record<string, unknown> }];
    expect(body.data).toEqual({
      title: 'Cómo citar en APA 7',
      introduction: expect.any(String) as string,
      tags: ['Voluntariado', 'Etiqueta antigua'],
      purposes: ['Medir el impacto social'],
      tfx_status: ['finished'],
      content: '<h2>Citas</h2><p>Una autora: (García, 2023)</p>',
      link: 'https://apastyle.apa.org',
      picture: null,
      is_popular: false,
    });
  });

  it('shows the picture’s alternative text, and writes it to the file only when it changed', async () => {
    const calls = stubRouteApi('admin', {
      'GET /api/resources/4': () =>
        jsonResponse(
          resourceAnswer(4, 'Cómo citar en APA', {
            picture: pictureMedia(31, { alternativeText: 'Portada de la guía' }),
          }),
        ),
      'PUT /api/resources/4': saved(4),
      'POST /api/upload?id=': () => jsonResponse({ id: 31, ...pictureMedia(31).attributes }),
      'GET /api/resources?': () => jsonResponse(resourcesAnswer([])),
    });
    renderApp('/admin/recursos/4');
    const alt = await screen.findByRole('textbox', { name: /Texto alternativo de la imagen/ });
    expect((alt as HTMLInputElement).value).toBe('Portada de la guía');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await expectToast('Has guardado los cambios de «Cómo citar en APA».');
    expect(calls.filter((c) => c.url.pathname === '/api/upload')).toEqual([]);
  });

  it('a changed alternative text goes to the picture’s file; emptied, the file has none', async () => {
    const calls = stubRouteApi('admin', {
      'GET /api/resources/4': () =>
        jsonResponse(
          resourceAnswer(4, 'Cómo citar en APA', {
            picture: pictureMedia(31, { alternativeText: 'Portada de la guía' }),
          }),
        ),
      'PUT /api/resources/4': saved(4),
      'POST /api/upload?id=': () => jsonResponse({ id: 31, ...pictureMedia(31).attributes }),
      'GET /api/resources?': () => jsonResponse(resourcesAnswer([])),
    });
    renderApp('/admin/recursos/4');
    fireEvent.change(
      await screen.findByRole('textbox', { name: /Texto alternativo de la imagen/ }),
      { target: { value: ' ' } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await expectToast('Has guardado los cambios de «Cómo citar en APA».');
    const update = calls.find((c) => c.url.pathname === '/api/upload')!;
    expect(update.url.search).toBe('?id=31');
    expect(JSON.parse((update.body as FormData).get('fileInfo') as string)).toEqual({
      alternativeText: null,
    });
    expect(written(calls, 'PUT', '/api/resources/4')).toHaveLength(1);
  });

  it('an unknown resource is "Página no encontrada"', async () => {
    stubRouteApi('admin', { 'GET /api/resources/99': () => strapiError(404, 'Not Found') });
    renderApp('/admin/recursos/99');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
  });
});

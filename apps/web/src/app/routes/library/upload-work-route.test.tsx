import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  jsonResponse,
  LIBRARY_PERMISSIONS,
  LIBRARY_STUDENT_ID,
  ownWorksAnswer,
  refusal,
  stubLibraryApi,
  uploadedPdf,
  type FakeRequest,
  type Route,
} from '../../../../test/api';
import { renderApp } from '../../../../test/render-app';
import { expectToast } from '../../../../test/toasts';
import { WELCOME_SHOWN_COOKIE } from '../../../features/welcome/utils/welcome-storage';
import { clearSession } from '../../../lib/session-tokens';

afterEach(() => {
  clearSession();
  Cookies.remove(WELCOME_SHOWN_COOKIE, { path: '/' });
  localStorage.clear();
});

const PATH = '/tfx/create/form?status=finished';

const degreeAnswer = () =>
  jsonResponse({
    data: {
      id: LIBRARY_STUDENT_ID,
      attributes: {
        degree: { data: { id: 3, attributes: { name: 'Grado en Ciencias Ambientales' } } },
      },
    },
    meta: {},
  });

/** A student on the upload page, with their own works and the test's answers. */
function stubUpload(routes: Record<string, Route> = {}, works = ownWorksAnswer([])) {
  return stubLibraryApi({
    role: 'student',
    ownWorkIds: works.data.map((work) => work.id),
    routes: {
      'GET /api/tfxes?': () => jsonResponse(works),
      [`GET /api/students/${LIBRARY_STUDENT_ID}?`]: degreeAnswer,
      ...routes,
    },
  });
}

const type = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

function choosePdf(name = 'tfg-compostaje.pdf') {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, {
    target: { files: [new File(['%PDF-1.7 compost'], name, { type: 'application/pdf' })] },
  });
}

const send = (label = 'Enviar a revisión') =>
  fireEvent.click(screen.getByRole('button', { name: label }));

const postsTo = (calls: FakeRequest[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.pathname === path);

async function fillWorkForm() {
  await screen.findByRole('textbox', { name: /Título de tu TFG o TFM/ });
  type(/Título de tu TFG o TFM/, 'Compostaje comunitario en barrios');
  type(/^Resumen/, 'Cómo organizar el compost de un barrio entero.');
  fireEvent.change(screen.getByRole('combobox', { name: /Idioma del trabajo/ }), {
    target: { value: 'Español' },
  });
  type(/Mes y año de presentación/, '6/2025');
  fireEvent.change(screen.getByRole('combobox', { name: /^Sector/ }), {
    target: { value: 'Medio ambiente' },
  });
  fireEvent.click(screen.getByRole('checkbox', { name: /Producción y consumo responsables/ }));
  choosePdf();
  expect(await screen.findByText(/tfg-compostaje\.pdf \(500,4 KB\)/)).toBeTruthy();
  fireEvent.click(screen.getByRole('checkbox', { name: /Acepto que mi trabajo se publique/ }));
}

describe('/tfx/create/form for a student without a work', () => {
  it('shows the degree from the profile, read only, and says what each missing answer needs', async () => {
    const { calls } = stubUpload();
    renderApp(PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sube tu trabajo final' }),
    ).toBeTruthy();
    expect(await screen.findByText('Grado en Ciencias Ambientales')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Titulación/ })).toBeNull();
    // The glossary explains TFG/TFM in the label (spec §1).
    const title = screen.getByRole('textbox', { name: /Título de tu TFG o TFM/ });
    expect(title).toBeTruthy();

    send();
    expect(
      (await screen.findAllByText('Este campo es obligatorio.')).length,
    ).toBeGreaterThanOrEqual(6);
    expect(screen.getByText('Aceptar este campo es obligatorio.')).toBeTruthy();

    type(/Mes y año de presentación/, '13/2025');
    expect(await screen.findByText('Formato no válido.')).toBeTruthy();
    type(/^Resumen/, 'x'.repeat(3001));
    expect(await screen.findByText('Longitud máxima alcanzada.')).toBeTruthy();
    expect(screen.getByText('3001/3000')).toBeTruthy();

    // Only PDFs here (spec §5 text).
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe('.pdf');
    fireEvent.change(input, {
      target: { files: [new File(['png'], 'portada.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('Archivo no permitido. Solo se aceptan: pdf')).toBeTruthy();
    expect(screen.getByText('El archivo debe pesar menos de 15MB.')).toBeTruthy();

    expect(postsTo(calls, 'POST', '/api/upload')).toHaveLength(0);
    expect(postsTo(calls, 'POST', '/api/tfxes')).toHaveLength(0);
  });

  it('uploads the PDF, sends the work and goes to the profile with a toast', async () => {
    const { calls } = stubUpload({
      'POST /api/upload': () => jsonResponse(uploadedPdf(91, 'tfg-compostaje.pdf'), 201),
      'POST /api/tfxes': () => jsonResponse({ data: { id: 12, attributes: {} }, meta: {} }),
    });
    const { router } = renderApp(PATH);
    await fillWorkForm();
    send();

    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/profile?section=tfx',
      ),
    );
    await expectToast(/Hemos recibido tu trabajo\. El equipo de la plataforma lo revisará/);
    const [post] = postsTo(calls, 'POST', '/api/tfxes');
    expect(post!.body).toEqual({
      data: {
        title: 'Compostaje comunitario en barrios',
        summary: 'Cómo organizar el compost de un barrio entero.',
        language: 'Español',
        release_month: '06/2025',
        sector: 'Medio ambiente',
        tags: [],
        ods: [12],
        file: 91,
        publish_consent: true,
      },
    });
  });

  it("shows the API's Spanish refusal of a second work as it is", async () => {
    stubUpload({
      'POST /api/upload': () => jsonResponse(uploadedPdf(91, 'tfg-compostaje.pdf'), 201),
      'POST /api/tfxes': () => refusal('Ya has subido tu trabajo final.'),
    });
    const { router } = renderApp(PATH);
    await fillWorkForm();
    send();
    expect(await screen.findByText('Ya has subido tu trabajo final.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tfx/create/form');
  });
});

describe('/tfx/create/form for a student with a work', () => {
  it('a pending work shows its state; "Editar mi trabajo" opens it filled in and sends a PUT', async () => {
    const { calls } = stubUpload(
      { 'PUT /api/tfxes/9': () => jsonResponse({ data: { id: 9, attributes: {} }, meta: {} }) },
      ownWorksAnswer([
        {
          id: 9,
          title: 'Mi TFG sobre compostaje',
          extra: { review_status: 'pending', publishedAt: null, tags: ['reciclaje', 'Compost'] },
        },
      ]),
    );
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu trabajo final' })).toBeTruthy();
    expect(screen.getByText('Pendiente de revisión')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Título de tu TFG o TFM/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Editar mi trabajo' }));
    const title = await screen.findByRole<HTMLInputElement>('textbox', {
      name: /Título de tu TFG o TFM/,
    });
    expect(title.value).toBe('Mi TFG sobre compostaje');
    expect(screen.getByText(/trabajo\.pdf \(239,6 KB\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Acepto que mi trabajo se publique/ }));
    send('Reenviar a revisión');
    await expectToast(/Hemos recibido los cambios de tu trabajo/);
    const [put] = postsTo(calls, 'PUT', '/api/tfxes/9');
    expect(put!.body).toMatchObject({
      data: {
        title: 'Mi TFG sobre compostaje',
        release_month: '06/2025',
        sector: 'Medio ambiente',
        ods: [11, 12],
        file: 90,
        publish_consent: true,
      },
    });
    // A topic outside the list comes back as it was saved.
    expect((put!.body as { data: { tags: string[] } }).data.tags.sort()).toEqual(
      ['Compost', 'reciclaje'].sort(),
    );
  });

  it('a rejected work shows the reason and the form filled in, to correct and resubmit', async () => {
    const { calls } = stubUpload(
      { 'PUT /api/tfxes/9': () => jsonResponse({ data: { id: 9, attributes: {} }, meta: {} }) },
      ownWorksAnswer([
        {
          id: 9,
          title: 'Mi TFG sobre compostaje',
          extra: {
            review_status: 'rejected',
            rejection_reason: 'Falta el resumen en castellano.',
            publishedAt: null,
          },
        },
      ]),
    );
    const { router } = renderApp(PATH);
    const alert = await screen.findByText(/ha rechazado tu trabajo/);
    expect(alert.closest('[role="alert"]')!.textContent).toContain(
      'Motivo: Falta el resumen en castellano.',
    );
    type(/^Resumen/, 'Resumen corregido en castellano.');
    fireEvent.click(screen.getByRole('checkbox', { name: /Acepto que mi trabajo se publique/ }));
    send('Reenviar a revisión');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    const [put] = postsTo(calls, 'PUT', '/api/tfxes/9');
    expect((put!.body as { data: { summary: string } }).data.summary).toBe(
      'Resumen corregido en castellano.',
    );
    expect(postsTo(calls, 'POST', '/api/tfxes')).toHaveLength(0);
  });

  it('a published work links to its page; no form is offered', async () => {
    stubUpload(
      {},
      ownWorksAnswer([
        { id: 9, title: 'Mi TFG sobre compostaje', extra: { review_status: 'published' } },
      ]),
    );
    renderApp(PATH);
    expect(await screen.findByText(/Tu trabajo ya está publicado en la biblioteca/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver mi trabajo' }).getAttribute('href')).toBe(
      '/tfx/9',
    );
    expect(screen.queryByRole('button', { name: /Enviar a revisión/ })).toBeNull();
  });
});

describe('/tfx/create/form refusals', () => {
  it('a teacher is told the page is for students', async () => {
    stubLibraryApi({ role: 'teacher' });
    renderApp(PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Esta sección es para estudiantes' }),
    ).toBeTruthy();
  });

  it('without tfxes.create a student without a work is told uploads are not available', async () => {
    const { calls } = stubLibraryApi({
      role: 'student',
      permissions: {
        ...LIBRARY_PERMISSIONS,
        tfxes: { enabled: true, create: false, update: false },
      },
      routes: {
        'GET /api/tfxes?': () => jsonResponse(ownWorksAnswer([])),
        [`GET /api/students/${LIBRARY_STUDENT_ID}?`]: degreeAnswer,
      },
    });
    renderApp(PATH);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'La subida de trabajos no está disponible',
      }),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('signed out, it goes to the login page, which comes back here', async () => {
    stubLibraryApi();
    const { router } = renderApp(PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/auth/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(PATH);
    expect(within(document.body).queryByRole('textbox', { name: /Título/ })).toBeNull();
  });
});

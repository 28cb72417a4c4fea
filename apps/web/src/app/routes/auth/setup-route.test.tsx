import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SETUP_MESSAGES } from '@plataforma/shared';
import {
  fakeApi,
  jsonResponse,
  notFound,
  sessionAnswer,
  setupRefused,
  setupStatus,
  strapiError,
  type Route,
} from '../../../../test/api';
import { expectNoViolations } from '../../../../test/axe';
import { renderApp } from '../../../../test/render-app';
import { SETUP_TEXTS } from '../../../features/setup/setup.texts';
import { clearSession, getToken } from '../../../lib/session-tokens';

afterEach(() => clearSession());

const TOKEN = 'EnlaceDeInstalacion_0123456789abcdefghijklmnopq';
const PASSWORD = 'Tortuga saltarina en el río Segura';

/** The setup page with its link, the check and the send answered by the routes given. */
function serveSetup(routes: Record<string, Route> = {}) {
  return fakeApi({
    routes: { 'GET /api/setup': () => jsonResponse(setupStatus()), ...routes },
  });
}

async function openForm(path = `/setup?token=${TOKEN}`) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: SETUP_TEXTS.title });
  return view;
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const type = (element: HTMLElement, value: string) =>
  fireEvent.change(element, { target: { value } });

function fillGoodForm() {
  type(field('Nombre'), 'Lucía');
  type(field(/^Apellidos/), 'Martínez Ros');
  type(field('Correo electrónico'), 'lucia@uni.test');
  type(screen.getByLabelText('Contraseña'), PASSWORD);
  type(screen.getByLabelText('Repite la contraseña'), PASSWORD);
  type(field('Nombre de la plataforma'), 'Impacto Campus');
  type(field('Universidad 1'), 'Universidad de Murcia');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: SETUP_TEXTS.submit }));

describe('/setup, the first start', () => {
  it('without the link’s token it refuses, says what to do, and shows no form', async () => {
    const api = serveSetup({ 'GET /api/setup': () => setupRefused('missing') });
    renderApp('/setup');

    expect(
      await screen.findByRole('heading', { level: 1, name: SETUP_TEXTS.refusedTitle }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(SETUP_TEXTS.refused.missing);
    expect(screen.getByText(SETUP_TEXTS.whatToDo)).toBeTruthy();
    expect(screen.queryByRole('button', { name: SETUP_TEXTS.submit })).toBeNull();
    expect(api.callsTo('GET', '/api/setup').map((call) => call.url.search)).toEqual(['']);
  });

  it('with an expired or spent link it says which, and what to do', async () => {
    const api = serveSetup({ 'GET /api/setup': () => setupRefused('expired') });
    renderApp('/setup?token=viejo');
    expect((await screen.findByRole('alert')).textContent).toBe(SETUP_TEXTS.refused.expired);
    expect(screen.getByText(SETUP_TEXTS.whatToDo)).toBeTruthy();
    expect(api.callsTo('GET', '/api/setup')[0]?.url.search).toBe('?token=viejo');
  });

  it('once the platform has an administrator, it is the not-found page', async () => {
    serveSetup({ 'GET /api/setup': () => notFound() });
    renderApp(`/setup?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('with a good link it shows the form, labelled, with the theme’s colours to start from', async () => {
    serveSetup();
    await openForm();

    expect(screen.getByRole('group', { name: SETUP_TEXTS.admin.legend })).toBeTruthy();
    expect(screen.getByRole('group', { name: SETUP_TEXTS.installation.legend })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Universidades' })).toBeTruthy();
    for (const name of [
      'Nombre',
      'Correo electrónico',
      'Nombre de la plataforma',
      'Universidad 1',
    ]) {
      expect(field(name)).toBeTruthy();
    }
    expect(field(/^Apellidos/)).toBeTruthy();
    expect(field(/^Correo de contacto/)).toBeTruthy();
    expect((field('Color principal') as HTMLInputElement).value).toBe('#1226AA');
    expect((field('Color secundario') as HTMLInputElement).value).toBe('#4A5FD9');
    expect(screen.getByLabelText('Color principal: selector de color')).toBeTruthy();
    // One university cannot be removed: the list needs at least one.
    expect(screen.queryByRole('button', { name: 'Quitar la universidad 1' })).toBeNull();
    await expectNoViolations();
  });

  it('sent empty, each field says what is wrong, the first gets the focus, and nothing is sent', async () => {
    const api = serveSetup();
    await openForm();
    submit();

    const name = field('Nombre');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(SETUP_MESSAGES.required).length).toBe(6);
    expect(field('Universidad 1').getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Apellidos/).getAttribute('aria-invalid')).toBeNull();
    expect(api.writes()).toEqual([]);

    // The same rules as the registration's, as the person types.
    type(screen.getByLabelText('Contraseña'), 'corta');
    type(screen.getByLabelText('Repite la contraseña'), 'otra');
    expect(screen.getByText(SETUP_MESSAGES.passwordTooShort)).toBeTruthy();
    expect(screen.getByText(SETUP_MESSAGES.passwordsDiffer)).toBeTruthy();
    await expectNoViolations();
  });

  it('a colour whose text would not read says so at once, with the contrast, as the branding editor measures it', async () => {
    serveSetup();
    await openForm();
    const main = field('Color principal');
    type(main, '#FFD200');
    expect(main.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText(/^Poco contraste: Color principal sobre fondo blanco .*, 1,\d:1/),
    ).toBeTruthy();
    type(main, '#0B1660');
    expect(main.getAttribute('aria-invalid')).toBeNull();
  });

  it('universities are added and removed, the focus following, and each is checked', async () => {
    serveSetup();
    await openForm();
    type(field('Universidad 1'), 'Universidad de Murcia');
    fireEvent.click(screen.getByRole('button', { name: SETUP_TEXTS.installation.addUniversity }));
    const second = field('Universidad 2');
    await waitFor(() => expect(document.activeElement).toBe(second));
    type(second, 'universidad de  murcia');
    fireEvent.blur(second);
    expect(screen.getByText(SETUP_MESSAGES.universityRepeated)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: SETUP_TEXTS.installation.addUniversity }));
    type(field('Universidad 3'), 'Universidad Politécnica de Cartagena');
    fireEvent.click(screen.getByRole('button', { name: 'Quitar la universidad 2' }));
    expect(screen.queryByText(SETUP_MESSAGES.universityRepeated)).toBeNull();
    const list = screen.getByRole('group', { name: 'Universidades' });
    expect(
      within(list)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Universidad de Murcia', 'Universidad Politécnica de Cartagena']);
    // The row that took the removed one's place has the focus.
    await waitFor(() => expect(document.activeElement).toBe(field('Universidad 2')));
  });

  it('sent, the administrator’s session opens as a sign-in’s and the page goes to /admin', async () => {
    const api = serveSetup({
      'POST /api/setup': () => jsonResponse(sessionAnswer('admin', 1)),
    });
    const { router } = await openForm();
    fillGoodForm();
    fireEvent.click(screen.getByRole('button', { name: SETUP_TEXTS.installation.addUniversity }));
    type(field('Universidad 2'), 'Universidad Politécnica de Cartagena');
    type(field('Color principal'), '#0B1660');
    type(field(/^Correo de contacto/), 'hola@impacto.test');
    const brandingReads = api.callsTo('GET', '/api/branding-saas').length;
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    // The platform's new name and colours are read again.
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/branding-saas').length).toBeGreaterThan(brandingReads),
    );
    expect(api.callsTo('POST', '/api/setup').map((call) => call.body)).toEqual([
      {
        token: TOKEN,
        name: 'Lucía',
        surname: 'Martínez Ros',
        email: 'lucia@uni.test',
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
        projectName: 'Impacto Campus',
        universities: ['Universidad de Murcia', 'Universidad Politécnica de Cartagena'],
        mainColor: '#0B1660',
        secondaryColor: '#4A5FD9',
        mailTo: 'hola@impacto.test',
      },
    ]);
    expect(getToken()).toBe('jwt-1');
    // The link was checked once: the session's opening does not ask again.
    expect(api.callsTo('GET', '/api/setup')).toHaveLength(1);
  });

  it('the server’s field errors show at their fields in its Spanish, and the first gets the focus', async () => {
    serveSetup({
      'POST /api/setup': () =>
        strapiError(400, 'Hay 2 datos que revisar.', [
          { path: ['email'], message: SETUP_MESSAGES.emailTaken },
          {
            path: ['password'],
            message: 'Esta contraseña es demasiado común o fácil de adivinar. Elige otra.',
          },
        ]),
    });
    await openForm();
    fillGoodForm();
    submit();

    const email = field('Correo electrónico');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.getByText(SETUP_MESSAGES.emailTaken)).toBeTruthy();
    expect(
      screen.getByText('Esta contraseña es demasiado común o fácil de adivinar. Elige otra.'),
    ).toBeTruthy();
    expect(getToken()).toBeUndefined();
    // Changing the field takes its server error away.
    type(email, 'otra@uni.test');
    expect(screen.queryByText(SETUP_MESSAGES.emailTaken)).toBeNull();
  });

  it('a link that stopped working while the form was open, or a setup finished by someone else, is said above the form', async () => {
    let answer: () => Response = () => setupRefused('expired');
    serveSetup({ 'POST /api/setup': () => answer() });
    await openForm();
    fillGoodForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${SETUP_TEXTS.refused.expired} ${SETUP_TEXTS.whatToDo}`,
    );

    answer = () => notFound();
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(SETUP_TEXTS.alreadyDone),
    );
    expect(
      within(screen.getByRole('alert'))
        .getByRole('link', { name: SETUP_TEXTS.signIn })
        .getAttribute('href'),
    ).toBe('/user/auth/login');
    expect(getToken()).toBeUndefined();
  });
});

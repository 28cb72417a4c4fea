import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, refusal, strapiError } from '../../../../test/api';
import { expectNoViolations } from '../../../../test/axe';
import { stubSettingsApi, writes } from '../../../../test/api/settings';
import { renderApp } from '../../../../test/render-app';
import { expectToast } from '../../../../test/toasts';
import { clearSession } from '../../../lib/session-tokens';

afterEach(() => {
  clearSession();
});

const setting = (domains: string[]) =>
  jsonResponse({ data: { id: 1, attributes: { domains } }, meta: {} });

const field = () =>
  screen.findByRole<HTMLTextAreaElement>('textbox', {
    name: 'Dominios de correo del profesorado',
  });

describe('/admin/ajustes/profesorado: the teacher domains (ADR 0051)', () => {
  it('shows the listed domains one per line, and saves the field as a list the API stores', async () => {
    const fetchMock = stubSettingsApi({
      'GET /api/teacher-setting': () => setting(['um.es']),
      'PUT /api/teacher-setting': () => setting(['um.es', 'upct.es']),
    });
    renderApp('/admin/ajustes/profesorado');
    expect(await screen.findByRole('heading', { level: 2, name: 'Profesorado' })).toBeTruthy();
    const textarea = await field();
    expect(textarea.value).toBe('um.es');

    fireEvent.change(textarea, { target: { value: 'UM.es\n\n@upct.es\num.es ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar dominios' }));
    await expectToast('Dominios del profesorado guardados.');
    expect(writes(fetchMock)).toEqual([
      ['PUT', '/api/teacher-setting', { data: { domains: ['um.es', 'upct.es'] } }],
    ]);
    await waitFor(() => expect(textarea.value).toBe('um.es\nupct.es'));
  });

  it('names what is not a domain at the field and sends nothing', async () => {
    const fetchMock = stubSettingsApi({ 'GET /api/teacher-setting': () => setting([]) });
    renderApp('/admin/ajustes/profesorado');
    const textarea = await field();
    fireEvent.change(textarea, { target: { value: 'um.es\nana@um.es\nuniversidad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar dominios' }));
    expect(
      await screen.findByText(
        'No son dominios: «ana@um.es», «universidad». Escribe solo lo que va tras la arroba, como um.es.',
      ),
    ).toBeTruthy();
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    expect(writes(fetchMock)).toEqual([]);
  });

  it('says when the API refuses the list, and when the list cannot be read', async () => {
    stubSettingsApi({
      'GET /api/teacher-setting': () => setting([]),
      'PUT /api/teacher-setting': () => refusal('La lista no se ha podido guardar.', 400),
    });
    const { unmount } = renderApp('/admin/ajustes/profesorado');
    fireEvent.change(await field(), { target: { value: 'um.es' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar dominios' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La lista no se ha podido guardar.',
    );
    unmount();
    clearSession();

    stubSettingsApi({ 'GET /api/teacher-setting': () => strapiError(500, 'Internal') });
    renderApp('/admin/ajustes/profesorado');
    expect(
      await screen.findByText('No se pudieron cargar los dominios del profesorado.', undefined, {
        timeout: 8000,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('has no accessibility violations', async () => {
    stubSettingsApi({ 'GET /api/teacher-setting': () => setting(['um.es']) });
    renderApp('/admin/ajustes/profesorado');
    await field();
    await expectNoViolations();
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { brandingEnvelope, jsonResponse, noMenuLogoEnvelope, stubApi } from '../../../../test/api';
import { renderApp } from '../../../../test/render-app';
import { clearSession, saveSession } from '../../../lib/session-tokens';

function stubSite(profileType?: string) {
  if (profileType) saveSession({ jwt: 'session-token' }, false);
  return stubApi({
    '/api/branding-saas': () => jsonResponse(brandingEnvelope()),
    '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    '/api/permissions/status': () => jsonResponse({ permissions: {} }),
    '/api/banners': () => jsonResponse({ data: [], meta: {} }),
    '/api/footer-sections': () => jsonResponse({ data: [], meta: {} }),
    '/api/users/me': () =>
      jsonResponse({ id: 4, username: 'u', email: 'u@test.es', confirmed: true, profileType }),
    '/api/students': () => jsonResponse({ data: [] }),
    '/api/coordinators': () => jsonResponse({ data: [] }),
  });
}

afterEach(() => {
  clearSession();
});

const hrefOf = (element: HTMLElement) => element.getAttribute('href');

describe('/estudiantes', () => {
  it('tells students what the platform offers and invites them to register as a student or sign in', async () => {
    stubSite();
    renderApp('/estudiantes');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Haz un TFG o TFM que deje huella',
    );
    const offers = screen.getByRole('region', { name: 'Lo que te ofrecemos' });
    expect(within(offers).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    expect(
      await screen.findByText(/En Impacto Universitario Test encuentras proyectos/),
    ).toBeTruthy();
    const register = screen.getAllByRole('link', { name: 'Crear mi cuenta de estudiante' });
    expect(register.map(hrefOf)).toEqual([
      '/register?profile=student',
      '/register?profile=student',
    ]);
    expect(screen.getAllByRole('link', { name: 'Iniciar sesión' }).map(hrefOf)).toContain(
      '/user/auth/login',
    );
  });

  it('a signed-in student is sent to their area instead of the registration', async () => {
    stubSite('student');
    renderApp('/estudiantes');

    const area = await screen.findAllByRole('link', { name: 'Ir a mi área' });
    expect(area.map(hrefOf)).toContain('/projects');
    expect(screen.queryByRole('link', { name: 'Crear mi cuenta de estudiante' })).toBeNull();
  });
});

describe('/organizaciones', () => {
  it('tells organisations what they gain and invites them to register as a coordinator or sign in', async () => {
    stubSite();
    renderApp('/organizaciones');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Convierte tus retos en proyectos con impacto',
    );
    expect(screen.getByRole('region', { name: 'Lo que tu organización gana' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Cómo participar' })).toBeTruthy();
    const register = screen.getAllByRole('link', { name: 'Registrar mi organización' });
    expect(register.map(hrefOf)).toEqual([
      '/register?profile=coordinator',
      '/register?profile=coordinator',
    ]);
    expect(screen.getAllByRole('link', { name: 'Iniciar sesión' }).map(hrefOf)).toContain(
      '/user/auth/login',
    );
  });

  it('a signed-in coordinator is sent to their organisation area', async () => {
    stubSite('coordinator');
    renderApp('/organizaciones');

    const area = await screen.findAllByRole('link', { name: 'Ir a mi área' });
    expect(area.map(hrefOf)).toContain('/organizations');
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { myProjectsAnswer } from '../../../../test/api/projects';
import { jsonResponse } from '../../../../test/api';
import { stubPublishingApi } from '../../../../test/api/publishing';
import { renderApp } from '../../../../test/render-app';
import { NO_PERMISSIONS } from '../../../features/permissions/types';
import { clearSession } from '../../../lib/session-tokens';

afterEach(() => {
  clearSession();
  localStorage.clear();
});

describe('publishing gates (spec §2, ADR 0028)', { timeout: 15_000 }, () => {
  it('signed out, /organizations goes to the login page, which will come back', async () => {
    stubPublishingApi({ role: null });
    const { router } = renderApp('/organizations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/auth/login'));
    expect(router.state.location.search).toContain('organizations');
  });

  it('a coordinator without organisation visiting /projects/create is sent to create it, and told why', async () => {
    stubPublishingApi({ role: 'coordinator' });
    const { router } = renderApp('/projects/create');
    expect(
      await screen.findByText(/Para publicar proyectos necesitas una organización/, undefined, {
        timeout: 4000,
      }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/organizations/create');
    expect(screen.getByRole('heading', { level: 1, name: 'Crea tu organización' })).toBeTruthy();
  });

  it('a coordinator with organisation visiting /organizations/create lands on /organizations', async () => {
    stubPublishingApi({
      role: 'coordinator',
      organization: () => ({ id: 4, name: 'Fundación Mar' }),
      handlers: { 'GET /api/projects/mine': () => jsonResponse(myProjectsAnswer([])) },
    });
    const { router } = renderApp('/organizations/create');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
    expect(await screen.findByText(/Los proyectos de Fundación Mar/)).toBeTruthy();
  });

  it('a student is told the publishing screens are not for them', async () => {
    stubPublishingApi({ role: 'student' });
    renderApp('/projects/create');
    expect(
      await screen.findByRole('heading', { name: 'Esta sección no es para tu perfil' }),
    ).toBeTruthy();
  });

  it('a teacher whose role may not create projects is told so', async () => {
    stubPublishingApi({ role: 'teacher', permissions: NO_PERMISSIONS });
    renderApp('/projects/create');
    expect(
      await screen.findByRole('heading', {
        name: 'La publicación de proyectos no está disponible',
      }),
    ).toBeTruthy();
  });

  it('a teacher visiting /organizations is sent to their own list', async () => {
    stubPublishingApi({
      role: 'teacher',
      handlers: { 'GET /api/projects/mine': () => jsonResponse(myProjectsAnswer([])) },
    });
    const { router } = renderApp('/organizations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/personal'));
    expect(await screen.findByText('Todavía no has publicado ningún proyecto.')).toBeTruthy();
  });
});

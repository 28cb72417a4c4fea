import { TEACHER_VERIFICATION_REFUSALS } from '@plataforma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/api';
import { expectNoViolations } from '../../../../test/axe';
import { myProjectsAnswer } from '../../../../test/api/projects';
import { stubPublishingApi } from '../../../../test/api/publishing';
import { renderApp } from '../../../../test/render-app';
import { clearSession } from '../../../lib/session-tokens';

/**
 * A teacher who is not verified (ADR 0051) is told why they cannot publish, wherever the web
 * would offer it: the form, their projects, their panel and the menu.
 */

afterEach(() => {
  clearSession();
  localStorage.clear();
});

const EMPTY_DASHBOARD = {
  data: {
    counts: { projects: 0, published: 0, pendingCandidates: 0, tutored: 0 },
    projects: [],
    candidates: [],
    tutored: [],
  },
};

/** The header's menu links (desktop bar and side menu alike). */
const menuLinks = () =>
  screen
    .getAllByRole('navigation')
    .flatMap((nav) => within(nav).queryAllByRole('link'))
    .map((link) => link.textContent?.trim());

describe('a teacher waiting for verification', { timeout: 20_000 }, () => {
  it('at /projects/create reads why instead of the form, and the menu does not offer to publish', async () => {
    stubPublishingApi({ role: 'teacher', teacherVerification: 'pending' });
    renderApp('/projects/create');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Tu cuenta de profesor está pendiente de verificación',
      }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Tu cuenta de profesor está pendiente de verificación. Podrás publicar proyectos cuando un administrador la apruebe.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Título del proyecto/ })).toBeNull();
    expect(await screen.findAllByRole('link', { name: 'Mis proyectos' })).not.toHaveLength(0);
    expect(menuLinks()).not.toContain('Publica tu proyecto');
    await expectNoViolations();
  });

  it('at their projects and their panel reads why, without "Publica tu proyecto"', async () => {
    stubPublishingApi({
      role: 'teacher',
      teacherVerification: 'pending',
      handlers: {
        'GET /api/projects/mine': () => jsonResponse(myProjectsAnswer([])),
        'GET /api/teachers/dashboard': () => jsonResponse(EMPTY_DASHBOARD),
      },
    });
    const { unmount } = renderApp('/projects/personal');
    expect(await screen.findByText(TEACHER_VERIFICATION_REFUSALS.pending)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Publica tu proyecto' })).toBeNull();
    unmount();

    renderApp('/teachers/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel de Control' })).toBeTruthy();
    expect(await screen.findByText(TEACHER_VERIFICATION_REFUSALS.pending)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Publica tu proyecto' })).toBeNull();
  });

  it('once rejected, is told the account was not approved', async () => {
    stubPublishingApi({ role: 'teacher', teacherVerification: 'rejected' });
    renderApp('/projects/create');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Tu cuenta de profesor no está aprobada',
      }),
    ).toBeTruthy();
    expect(screen.getByText(TEACHER_VERIFICATION_REFUSALS.rejected)).toBeTruthy();
  });
});

describe('a verified teacher', { timeout: 20_000 }, () => {
  it('gets the form and "Publica tu proyecto" in the menu and their projects', async () => {
    stubPublishingApi({
      role: 'teacher',
      teacherVerification: 'verified',
      handlers: { 'GET /api/projects/mine': () => jsonResponse(myProjectsAnswer([])) },
    });
    const { unmount } = renderApp('/projects/create');
    expect(
      await screen.findByRole('textbox', { name: /Título del proyecto/ }, { timeout: 4000 }),
    ).toBeTruthy();
    await waitFor(() => expect(menuLinks()).toContain('Publica tu proyecto'));
    unmount();
    renderApp('/projects/personal');
    expect(
      (await screen.findAllByRole('link', { name: 'Publica tu proyecto' })).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText(TEACHER_VERIFICATION_REFUSALS.pending)).toBeNull();
  });
});

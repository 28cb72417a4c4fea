import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { brandingEnvelope, jsonResponse, noMenuLogoEnvelope, stubApi } from '../../../../test/api';
import { renderApp } from '../../../../test/render-app';
import { clearSession, saveSession } from '../../../lib/session-tokens';

afterEach(() => {
  clearSession();
});

const RESULT = {
  data: {
    id: 3,
    attributes: {
      scores: {
        flexibility: 4.5,
        initiative: 3,
        teamwork: 5,
        communication: 2.25,
        growthMindset: 6,
      },
      consistency: { answered: 4, agreed: 0 },
      createdAt: '2026-11-20T09:00:00.000Z',
    },
  },
};

/** The API of a page view; `me` answers `GET /api/questionnaire/me` (no result when left out). */
function stubSite({ student, me }: { student: boolean; me?: () => Response }) {
  if (student) saveSession({ jwt: 'session-token' }, false);
  return stubApi({
    '/api/branding-saas': () => jsonResponse(brandingEnvelope()),
    '/api/brandings': () => jsonResponse(noMenuLogoEnvelope()),
    '/api/permissions/status': () => jsonResponse({ permissions: {} }),
    '/api/users/me': () =>
      jsonResponse({
        id: 9,
        username: 'lucia',
        email: 'estudiante@demo.es',
        name: 'Lucía',
        surname: 'Martínez',
        confirmed: true,
        profileType: 'student',
      }),
    '/api/students': () => jsonResponse({ data: [] }),
    '/api/banners': () => jsonResponse({ data: [], meta: {} }),
    '/api/footer-sections': () => jsonResponse({ data: [], meta: {} }),
    '/api/questionnaire/me': me ?? (() => jsonResponse({ data: null })),
  });
}

function calledPaths(fetchMock: ReturnType<typeof stubApi>): string[] {
  return fetchMock.mock.calls.map(([input]) =>
    (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).replace(
      /^https?:\/\/[^/]+/,
      '',
    ),
  );
}

describe('/cuestionario', () => {
  it('a student with a previous result sees it first, and "Repetir el cuestionario" opens the questionnaire', async () => {
    stubSite({ student: true, me: () => jsonResponse(RESULT) });
    renderApp('/cuestionario');
    const table = await screen.findByRole('table', { name: /Puntuación media por competencia/ });
    expect(table.textContent).toContain('Comunicación2,25 / 6');
    expect(screen.queryByRole('progressbar')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Repetir el cuestionario' }));
    const progress = await screen.findByRole('progressbar', { name: 'Progreso del cuestionario' });
    expect(progress.getAttribute('aria-valuetext')).toBe('Paso 1 de 7');
    expect(screen.getByText('Flexibilidad')).toBeTruthy();
  });

  it('with ?repetir=1 (the profile\'s "Repetir el cuestionario"), a student with a result gets the questionnaire at once', async () => {
    stubSite({ student: true, me: () => jsonResponse(RESULT) });
    renderApp('/cuestionario?repetir=1');
    expect(
      await screen.findByRole('progressbar', { name: 'Progreso del cuestionario' }),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a student who never answered ({data: null}) gets the questionnaire', async () => {
    const fetchMock = stubSite({ student: true });
    renderApp('/cuestionario');
    await screen.findByRole('progressbar', { name: 'Progreso del cuestionario' });
    expect(calledPaths(fetchMock)).toContain('/api/questionnaire/me');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a visitor gets the questionnaire without asking for a previous result', async () => {
    const fetchMock = stubSite({ student: false });
    renderApp('/cuestionario');
    await screen.findByRole('progressbar', { name: 'Progreso del cuestionario' });
    await waitFor(() => expect(screen.getAllByRole('radiogroup')).toHaveLength(4));
    expect(calledPaths(fetchMock)).not.toContain('/api/questionnaire/me');
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, strapiError } from '../../../test/api';
import { account, projectAnswer, stubCatalogueApi } from '../../../test/api/catalogue';
import { renderApp } from '../../../test/render-app';
import { clearSession } from '../../lib/session-tokens';

// The whole app renders (layout, header, session): give slow shared machines time.

afterEach(() => {
  clearSession();
  localStorage.clear();
});

/** The admin's project page, whose "Publicar" gets `answer`. */
function publishAnswered(answer: () => Response) {
  stubCatalogueApi(
    {
      'GET /api/projects/5': () =>
        jsonResponse(projectAnswer(5, { status: 'Validada', publishedAt: null })),
      'PUT /api/projects/5': answer,
    },
    { user: account('admin') },
  );
  renderApp('/projects/5');
}

async function publishAlert(): Promise<string | null> {
  const panel = await screen.findByRole('region', { name: 'Gestión del proyecto' });
  fireEvent.click(within(panel).getByRole('button', { name: 'Publicar' }));
  return (await within(panel).findByRole('alert')).textContent;
}

describe("the server's messages on screen are Spanish (ADR 0032)", () => {
  it('when the API answers 429 with its English text, the screen says in Spanish how long to wait', async () => {
    publishAnswered(() => {
      const limited = strapiError(
        429,
        'Too many requests, please try again later.',
        undefined,
        'RateLimitError',
      );
      limited.headers.set('retry-after', '90');
      return limited;
    });
    expect(await publishAlert()).toBe(
      'Has hecho demasiadas solicitudes seguidas. Vuelve a intentarlo dentro de 2 minutos.',
    );
  });

  it("when the API answers with Strapi's English wording, the screen shows a Spanish text instead", async () => {
    publishAnswered(() => strapiError(403, 'Forbidden', undefined, 'ForbiddenError'));
    expect(await publishAlert()).toBe('No tienes permiso para hacer esto.');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LegalTextKind } from '@plataforma/shared';
import {
  jsonResponse,
  legalTextList,
  legalTextVersionList,
  strapiError,
} from '../../../../test/api';
import { stubSettingsApi, writes } from '../../../../test/api/settings';
import { renderApp } from '../../../../test/render-app';

/** `/admin/ajustes/textos-legales` (ADR 0035): admins edit the three legal texts. */

const kindOf = (url: URL) => url.searchParams.get('filters[kind][$eq]') as LegalTextKind;

function stubLegalApi({
  version = 1,
  onPut = () => 2,
}: { version?: number; onPut?: () => number } = {}) {
  let current = version;
  return stubSettingsApi({
    'GET /api/legal-texts': ({ url }) =>
      jsonResponse(legalTextList(kindOf(url), { version: current })),
    'GET /api/legal-text-versions': ({ url }) => {
      const kind = url.searchParams.get('filters[legalText][kind][$eq]') as LegalTextKind;
      return jsonResponse(
        legalTextVersionList(
          kind,
          Array.from({ length: current }, (_, i) => ({ version: current - i })),
        ),
      );
    },
    'PUT /api/legal-texts/': ({ body }) => {
      current = onPut();
      const data = (body as { data: { title: string; content: string } }).data;
      return jsonResponse({
        data: {
          id: 1,
          attributes: {
            ...legalTextList('privacy').data[0]!.attributes,
            ...data,
            version: current,
          },
        },
        meta: {},
      });
    },
  });
}

describe('legal texts settings', () => {
  it('shows the three texts as tabs, each with its title, its text, the placeholders explained and its versions', async () => {
    stubLegalApi({ version: 2 });
    renderApp('/admin/ajustes/textos-legales');

    const tabs = await screen.findByRole('tablist', { name: 'Texto legal' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Privacidad', 'Aviso legal', 'Cookies']);
    const title = await screen.findByRole('textbox', { name: 'Título' });
    expect((title as HTMLInputElement).value).toBe('Política de privacidad');
    const panel = screen.getByRole('tabpanel', { name: 'Privacidad' });
    const editor = within(panel).getByRole('textbox', { name: 'Texto' });
    expect(editor.getAttribute('aria-multiline')).toBe('true');
    expect(editor.textContent).toContain('El responsable del tratamiento es {universidad}');
    expect(within(panel).getByRole('group', { name: 'Formato del texto' })).toBeTruthy();
    expect(within(panel).getByText('{universidad}')).toBeTruthy();
    const history = within(panel).getByRole('heading', {
      name: 'Historial de versiones',
    }).parentElement!;
    expect(
      within(history)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/privacidad?version=2', '/privacidad?version=1']);
  });

  it('when the title is changed and saved, it PUTs the title and the text and confirms the new version in a toast', async () => {
    const fetchMock = stubLegalApi();
    renderApp('/admin/ajustes/textos-legales');
    const title = await screen.findByRole('textbox', { name: 'Título' });
    fireEvent.change(title, { target: { value: 'Privacidad y datos personales' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y publicar' }));

    const toasts = await screen.findByRole('region', { name: /^Confirmaciones/ });
    await waitFor(() =>
      expect(toasts.textContent).toContain(
        'Política de privacidad guardada y publicada como versión 2.',
      ),
    );
    const put = writes(fetchMock).find(([method]) => method === 'PUT');
    expect(put?.[1]).toBe('/api/legal-texts/1');
    expect(put?.[2]).toEqual({
      data: {
        title: 'Privacidad y datos personales',
        content: legalTextList('privacy').data[0]!.attributes.content,
      },
    });
  });

  it('when the title is emptied, it says "Este campo es obligatorio." and sends nothing', async () => {
    const fetchMock = stubLegalApi();
    renderApp('/admin/ajustes/textos-legales');
    const title = await screen.findByRole('textbox', { name: 'Título' });
    fireEvent.change(title, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    expect(await screen.findByText('Este campo es obligatorio.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(writes(fetchMock)).toEqual([]);
  });

  it('when the server refuses the change, the form says so in Spanish', async () => {
    stubSettingsApi({
      'GET /api/legal-texts': ({ url }) => jsonResponse(legalTextList(kindOf(url))),
      'GET /api/legal-text-versions': () => jsonResponse(legalTextVersionList('privacy')),
      'PUT /api/legal-texts/': () =>
        strapiError(400, 'El texto legal no puede quedar vacío.', [
          { path: ['content'], message: 'El texto legal no puede quedar vacío.' },
        ]),
    });
    renderApp('/admin/ajustes/textos-legales');
    await screen.findByRole('textbox', { name: 'Título' });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    expect(
      await screen.findByText('Revisa el texto: el servidor no ha aceptado el cambio.'),
    ).toBeTruthy();
  });
});

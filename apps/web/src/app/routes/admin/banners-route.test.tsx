import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/api';
import { stubSettingsApi } from '../../../../test/api/settings';
import { renderApp } from '../../../../test/render-app';
import { clearSession } from '../../../lib/session-tokens';

interface StoredBanner {
  id: number;
  attributes: Record<string, unknown>;
}

const stored = (id: number, attributes: Record<string, unknown>): StoredBanner => ({
  id,
  attributes: {
    linkUrl: null,
    linkLabel: null,
    startsAt: null,
    publishedAt: '2023-12-01T00:00:00.000Z',
    createdAt: '2023-12-01T00:00:00.000Z',
    updatedAt: '2023-12-01T00:00:00.000Z',
    ...attributes,
  },
});

/**
 * A small in-memory `/api/banners` (list, create, update, delete) in front of the settings stubs,
 * so the screen can be driven end to end: what it writes is what it lists afterwards.
 */
function serveBanners(initial: StoredBanner[], { refuseWrites = false } = {}) {
  let banners = [...initial];
  let nextId = 100;
  const requests: { method: string; url: string; body: unknown }[] = [];
  stubSettingsApi({
    '/api/banners': ({ method, url: address, body }) => {
      const url = `${address.pathname}${address.search}`;
      // A request without a body has none (the fake gives null).
      requests.push({ method, url, body: body ?? undefined });
      if (method !== 'GET' && refuseWrites) {
        return jsonResponse(
          { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } },
          403,
        );
      }
      const id = Number(/\/api\/banners\/(\d+)/.exec(url)?.[1]);
      const data = (body as { data?: Record<string, unknown> } | undefined)?.data ?? {};
      switch (method) {
        case 'POST': {
          const entry = stored(nextId++, { ...data, updatedAt: new Date().toISOString() });
          banners.push(entry);
          return jsonResponse({ data: entry, meta: {} });
        }
        case 'PUT': {
          banners = banners.map((b) =>
            b.id === id ? { id, attributes: { ...b.attributes, ...data } } : b,
          );
          return jsonResponse({ data: banners.find((b) => b.id === id), meta: {} });
        }
        case 'DELETE':
          banners = banners.filter((b) => b.id !== id);
          return jsonResponse({ data: { id, attributes: {} }, meta: {} });
        default:
          return jsonResponse({ data: banners, meta: {} });
      }
    },
  });
  return { requests, writes: () => requests.filter((r) => r.method !== 'GET') };
}

const COMPANY = stored(1, {
  title: 'Convocatoria para empresas y organizaciones',
  message: 'Preséntalo antes del 31 de enero de 2024.',
  linkUrl: '/register?profile=coordinator',
  linkLabel: 'Presentar un reto',
  placements: [
    { path: '/', audiences: [] },
    { path: '/organizaciones', audiences: [] },
  ],
  endsAt: '2024-01-31T22:59:59.000Z',
});
const STUDENTS = stored(2, {
  title: 'Candidaturas abiertas',
  message: 'Hasta el 31/3/2024.',
  placements: [
    { path: '/estudiantes', audiences: [] },
    { path: '/projects', audiences: ['teacher'] },
  ],
  startsAt: '2024-02-04T23:00:00.000Z',
  endsAt: '2024-03-31T21:59:59.000Z',
});

// The whole app renders for each test; on a busy machine the first render can take over a second.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2024-01-15T10:00:00+01:00'));
});
afterEach(() => {
  vi.useRealTimers();
  clearSession();
});

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const type = (element: HTMLElement, value: string) =>
  fireEvent.change(element, { target: { value } });

describe('/admin/ajustes/banners', () => {
  it('lists every banner (drafts included) with its state, window and placements', async () => {
    const api = serveBanners([COMPANY, STUDENTS]);
    renderApp('/admin/ajustes/banners');

    const list = await screen.findByRole('list', { name: 'Banners' });
    const [company, students] = within(list).getAllByRole('listitem');
    expect(within(company!).getByRole('heading', { level: 3 }).textContent).toBe(
      'Convocatoria para empresas y organizaciones',
    );
    expect(company!.textContent).toContain('Visible ahora');
    expect(company!.textContent).toContain('/ (todo el mundo) · /organizaciones (todo el mundo)');
    expect(company!.textContent).toContain('Desde que se publica hasta el 31 de enero de 2024');
    expect(students!.textContent).toContain('Programado');
    expect(students!.textContent).toContain('/projects (Profesorado)');
    // The admin's list asks for drafts too; the site's banners above the page do not.
    const urls = api.requests.map((r) => decodeURIComponent(r.url));
    expect(urls.filter((u) => u.includes('publicationState=preview'))).toHaveLength(1);
    expect(urls.filter((u) => u.includes('filters[endsAt][$gte]'))).toHaveLength(1);
  });

  it('creating checks the fields with the spec §5 messages, then saves and lists the new banner', async () => {
    const api = serveBanners([COMPANY]);
    renderApp('/admin/ajustes/banners');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo banner' }));
    const form = screen.getByRole('form', { name: 'Nuevo banner' });
    expect(document.activeElement).toBe(field('Título'));

    fireEvent.click(within(form).getByRole('button', { name: 'Guardar banner' }));
    expect(within(form).getAllByText('Este campo es obligatorio.')).toHaveLength(3);
    expect(field('Título').getAttribute('aria-invalid')).toBe('true');
    expect(api.writes()).toEqual([]);

    type(field('Título'), 'Semana del voluntariado');
    type(field('Mensaje'), 'Del 1 al 5 de abril, proyectos de voluntariado para tu TFG.');
    type(field(/^Dirección del enlace/), 'javascript:alert(1)');
    expect(within(form).getByText('Formato no válido.')).toBeTruthy();
    type(field(/^Dirección del enlace/), '/projects');
    type(field(/^Texto del enlace/), 'Ver proyectos');
    type(screen.getByRole('combobox', { name: 'Ruta 1' }), '/estudiantes');
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir otra ubicación' }));
    type(screen.getByRole('combobox', { name: 'Ruta 2' }), '/projects');
    const audiences2 = within(form).getByRole('group', { name: 'Quién lo ve en la ruta 2' });
    fireEvent.click(within(audiences2).getByRole('checkbox', { name: 'Profesorado' }));
    // Spanish day and time fields, never the browser's datetime input.
    expect(form.querySelector('input[type="datetime-local"]')).toBeNull();
    const starts = within(form).getByRole('group', { name: 'Desde' });
    const ends = within(form).getByRole('group', { name: 'Hasta' });
    const day = (group: HTMLElement) => within(group).getByRole('textbox', { name: /^Día/ });
    expect(day(starts).getAttribute('placeholder')).toBe('dd/mm/aaaa');
    type(day(starts), '01/04/2024');
    type(within(starts).getByRole('textbox', { name: /^Hora/ }), '9:30');
    type(day(ends), '01/03/2024');
    expect(
      within(form).getByText('La fecha de fin debe ser posterior a la de inicio.'),
    ).toBeTruthy();
    // Without a time, the end is the last minute of its day.
    type(day(ends), '05/04/2024');

    fireEvent.click(within(form).getByRole('button', { name: 'Guardar banner' }));
    expect(
      await screen.findByText('Se ha creado el banner «Semana del voluntariado».'),
    ).toBeTruthy();
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        url: '/api/banners',
        body: {
          data: {
            title: 'Semana del voluntariado',
            message: 'Del 1 al 5 de abril, proyectos de voluntariado para tu TFG.',
            linkUrl: '/projects',
            linkLabel: 'Ver proyectos',
            placements: [
              { path: '/estudiantes', audiences: [] },
              { path: '/projects', audiences: ['teacher'] },
            ],
            startsAt: new Date('2024-04-01T09:30').toISOString(),
            endsAt: new Date('2024-04-05T23:59').toISOString(),
            publishedAt: new Date('2024-01-15T10:00:00+01:00').toISOString(),
          },
        },
      },
    ]);
    // Saving invalidated the lists: the new banner is listed from a fresh answer.
    const list = await screen.findByRole('list', { name: 'Banners' });
    await within(list).findByRole('heading', { name: 'Semana del voluntariado' });
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('editing saves the changes with PUT and keeps the original publication time', async () => {
    const api = serveBanners([COMPANY]);
    renderApp('/admin/ajustes/banners');
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Editar el banner «Convocatoria para empresas y organizaciones»',
      }),
    );
    const form = screen.getByRole('form', {
      name: 'Editar «Convocatoria para empresas y organizaciones»',
    });
    expect((field('Título') as HTMLInputElement).value).toBe(
      'Convocatoria para empresas y organizaciones',
    );
    type(field('Título'), 'Convocatoria ampliada');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar banner' }));

    expect(
      await screen.findByText('Se ha guardado el banner «Convocatoria ampliada».'),
    ).toBeTruthy();
    const [write] = api.writes();
    expect(write?.method).toBe('PUT');
    expect(write?.url).toBe('/api/banners/1');
    expect(write?.body).toMatchObject({
      data: {
        title: 'Convocatoria ampliada',
        startsAt: null,
        endsAt: '2024-01-31T22:59:00.000Z',
        publishedAt: '2023-12-01T00:00:00.000Z',
      },
    });
  });

  it('deleting asks for confirmation first, then removes the banner', async () => {
    const api = serveBanners([COMPANY, STUDENTS]);
    renderApp('/admin/ajustes/banners');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Eliminar el banner «Candidaturas abiertas»' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar este banner?' });
    expect(api.writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(
      await screen.findByText('Se ha eliminado el banner «Candidaturas abiertas».'),
    ).toBeTruthy();
    expect(api.writes()).toEqual([{ method: 'DELETE', url: '/api/banners/2', body: undefined }]);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Candidaturas abiertas' })).toBeNull(),
    );
  });

  it('when the server refuses the save, the form stays with the reason', async () => {
    serveBanners([COMPANY], { refuseWrites: true });
    renderApp('/admin/ajustes/banners');
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Editar el banner «Convocatoria para empresas y organizaciones»',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar banner' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No tienes permiso para gestionar banners.',
    );
    expect(screen.getByRole('form')).toBeTruthy();
  });
});

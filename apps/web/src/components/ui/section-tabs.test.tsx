import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SectionTabs } from './section-tabs';

const SECTIONS = [
  { to: 'pendientes', label: 'Pendientes de revisión' },
  { to: 'publicados', label: 'Publicados' },
  { to: 'rechazados', label: 'Rechazados' },
  { to: 'importar', label: 'Importar trabajos externos' },
] as const;

function renderTabs(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/biblioteca',
        element: (
          <>
            <SectionTabs label="Secciones de la biblioteca" sections={SECTIONS} />
            <Outlet />
          </>
        ),
        children: SECTIONS.map(({ to }) => ({ path: to, element: <p>{to}</p> })),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
});

describe('SectionTabs', () => {
  it('keeps the tabs on one line that scrolls sideways instead of wrapping (a 360 px phone)', () => {
    renderTabs('/admin/biblioteca/pendientes');
    const row = screen.getByRole('navigation', { name: 'Secciones de la biblioteca' })
      .firstElementChild as HTMLElement;
    expect(row.className).toContain('overflow-x-auto');
    expect(row.className).not.toContain('flex-wrap');
    for (const link of screen.getAllByRole('link')) {
      expect(link.className).toContain('whitespace-nowrap');
    }
  });

  it('brings the current tab into view when the page opens on it and when the section changes, moving only the row', async () => {
    const scrolled: string[] = [];
    // jsdom lays nothing out and has no scrollIntoView: record whom the tabs ask to be shown.
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: HTMLElement, options?: boolean | ScrollIntoViewOptions) {
        expect(options).toEqual({ block: 'nearest', inline: 'nearest' });
        scrolled.push(this.textContent ?? '');
      },
    });
    const router = renderTabs('/admin/biblioteca/importar');
    expect(
      screen.getByRole('link', { name: 'Importar trabajos externos' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(scrolled).toEqual(['Importar trabajos externos']);
    await act(() => router.navigate('/admin/biblioteca/rechazados'));
    expect(scrolled).toEqual(['Importar trabajos externos', 'Rechazados']);
  });
});

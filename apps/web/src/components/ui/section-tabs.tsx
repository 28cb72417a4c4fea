import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../../lib/cn';

export interface SectionTab {
  /** The section's path, relative to the page's. */
  to: string;
  label: string;
}

/**
 * The sections of a page as tabs that are links (the admin settings, the library's review): each
 * has its own address, so it can be bookmarked and the back button works; the current one is
 * marked with aria-current by NavLink.
 *
 * The tabs stay on one line and the row scrolls sideways when they do not fit (a 360 px phone):
 * wrapped tabs read as two rows of unrelated links, and the underline of the current one lost
 * its baseline (ADR 0042). The current tab is brought into view when the section changes; the
 * Tab key reaches every tab as before, and the browser scrolls the focused one into view.
 */
export function SectionTabs({
  label,
  sections,
}: {
  label: string;
  sections: readonly SectionTab[];
}) {
  const row = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const current = row.current?.querySelector<HTMLElement>('[aria-current="page"]');
    // `nearest`: only the row moves when the tab is already on screen; the page does not jump.
    current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  return (
    <nav aria-label={label}>
      <ul
        ref={row}
        className="flex [scrollbar-width:thin] gap-x-1 overflow-x-auto overscroll-x-contain shadow-[inset_0_-1px_0_var(--color-slate-300)]"
      >
        {sections.map(({ to, label: name }) => (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  // The focus ring is drawn inside: the scrolling row would cut one drawn outside.
                  'block rounded-t-lg border-b-3 px-2.5 py-2.5 text-sm font-semibold whitespace-nowrap focus-visible:-outline-offset-3 sm:px-4',
                  isActive
                    ? 'border-main text-slate-950'
                    : 'border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-950',
                )
              }
            >
              {name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

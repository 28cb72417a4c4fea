import { NavLink } from 'react-router';
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
 */
export function SectionTabs({
  label,
  sections,
}: {
  label: string;
  sections: readonly SectionTab[];
}) {
  return (
    <nav aria-label={label} className="border-b border-slate-300">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {sections.map(({ to, label: name }) => (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'block rounded-t-lg border-b-3 px-2.5 py-2.5 text-sm font-semibold sm:px-4',
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

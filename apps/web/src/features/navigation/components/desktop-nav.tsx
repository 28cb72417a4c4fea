import { cn } from '../../../lib/cn';
import { useLookAlike } from '../hooks/use-header-widgets';
import type { MenuEntry, MenuGroup } from '../types';
import { BAR_ITEM, CURRENT_BAR } from './header-styles';
import { ChevronDownIcon } from './icons';
import { MenuAnchor } from './menu-anchor';

interface DesktopNavProps {
  entries: MenuEntry[];
  /** Href of the link that is the current page, if any. */
  currentHref: string | null;
  className?: string;
}

/**
 * The menu of the header bar (desktop widths): links, and submenus as Headless UI popovers (a
 * disclosure of links, so Tab walks through them and Escape closes), loaded on demand (ADR 0061).
 */
export function DesktopNav({ entries, currentHref, className }: DesktopNavProps) {
  if (entries.length === 0) return null;
  return (
    <nav aria-label="Menú principal" className={className}>
      <ul className="flex items-center gap-0.5">
        {entries.map((entry) => (
          <li key={entry.id}>
            {entry.kind === 'link' ? (
              <MenuAnchor
                link={entry}
                isCurrent={entry.href === currentHref}
                className={cn(BAR_ITEM, entry.href === currentHref && CURRENT_BAR)}
              />
            ) : (
              <NavGroup group={entry} currentHref={currentHref} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export interface NavGroupProps {
  group: MenuGroup;
  currentHref: string | null;
}

function NavGroup({ group, currentHref }: NavGroupProps) {
  const { widgets, openIntent, buttonProps } = useLookAlike();
  if (widgets) {
    return (
      <widgets.NavGroupWidget group={group} currentHref={currentHref} openOnMount={openIntent} />
    );
  }
  const hasCurrent = group.links.some((link) => link.href === currentHref);
  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={false}
        className={cn(BAR_ITEM, hasCurrent && CURRENT_BAR)}
        {...buttonProps}
      >
        {group.label}
        <ChevronDownIcon className="size-3.5" />
      </button>
    </div>
  );
}

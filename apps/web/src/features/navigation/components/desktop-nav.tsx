import { CloseButton, Popover, PopoverButton, PopoverGroup, PopoverPanel } from '@headlessui/react';
import { cn } from '../../../lib/cn';
import type { MenuEntry, MenuGroup } from '../types';
import { ChevronDownIcon } from './icons';
import { MenuAnchor } from './menu-anchor';

/**
 * Text links of the header bar. The current page gets a bar in the brand colour under it. Tight
 * enough for the admin's seven entries beside a logo at 1280 px (the header falls back to the side
 * menu where they do not fit): a submenu's chevron is small and close to its label, since the
 * admin's bar holds four submenus (ADR 0046).
 */
export const BAR_ITEM =
  'relative inline-flex items-center gap-0.5 rounded-md px-2 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900';
const CURRENT_BAR =
  'text-slate-900 after:absolute after:inset-x-2 after:-bottom-1 after:h-0.5 after:rounded-full after:bg-main';

/** Items of a popover or dropdown list. */
export const PANEL_ITEM =
  'block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 data-focus:bg-slate-100 data-focus:text-slate-900 aria-[current=page]:font-bold aria-[current=page]:text-slate-900';

/** A floating panel that fades and drops in (Headless UI `transition` data attributes). */
export const PANEL =
  'z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg transition duration-150 ease-out data-closed:-translate-y-1 data-closed:opacity-0 motion-reduce:transition-none';

interface DesktopNavProps {
  entries: MenuEntry[];
  /** Href of the link that is the current page, if any. */
  currentHref: string | null;
  className?: string;
}

/**
 * The menu of the header bar (desktop widths): links, and submenus as Headless UI popovers (a
 * disclosure of links, so Tab walks through them and Escape closes).
 */
export function DesktopNav({ entries, currentHref, className }: DesktopNavProps) {
  if (entries.length === 0) return null;
  return (
    <PopoverGroup as="nav" aria-label="Menú principal" className={className}>
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
    </PopoverGroup>
  );
}

function NavGroup({ group, currentHref }: { group: MenuGroup; currentHref: string | null }) {
  const hasCurrent = group.links.some((link) => link.href === currentHref);
  return (
    <Popover className="relative">
      <PopoverButton className={cn(BAR_ITEM, 'data-open:bg-slate-100', hasCurrent && CURRENT_BAR)}>
        {group.label}
        <ChevronDownIcon className="size-3.5 transition-transform in-data-open:rotate-180" />
      </PopoverButton>
      {/* Placed with CSS: Headless UI's `anchor` would move it to a portal outside the landmark. */}
      <PopoverPanel
        transition
        className={cn(PANEL, 'absolute top-full left-0 mt-2 w-max max-w-xs')}
      >
        <ul>
          {group.links.map((link) => (
            <li key={link.id}>
              <CloseButton
                as={MenuAnchor}
                link={link}
                isCurrent={link.href === currentHref}
                className={PANEL_ITEM}
              />
            </li>
          ))}
        </ul>
      </PopoverPanel>
    </Popover>
  );
}

import {
  Menu,
  MenuButton,
  MenuHeading,
  MenuItem,
  MenuItems,
  MenuSection,
  MenuSeparator,
} from '@headlessui/react';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { MenuLink, MenuUser } from '../types';
import { fullName, shortName } from '../utils/user-labels';
import { PANEL, PANEL_ITEM } from './desktop-nav';
import { ChevronDownIcon, LogoutIcon } from './icons';
import { MenuAnchor } from './menu-anchor';
import { UserAvatar } from './user-avatar';

/**
 * A dropdown, not a modal: the page stays usable and readable (Headless UI makes everything else
 * inert by default). Placed with CSS rather than Headless UI's `anchor`, which moves the list to a
 * portal at the end of the page, outside the header's landmark.
 */
const DROPDOWN = { transition: true, modal: false } as const;
const DROPDOWN_PLACE = 'absolute top-full right-0 mt-2 origin-top-right';

interface EntryMenuProps {
  label: string;
  links: MenuLink[];
  currentHref: string | null;
  className?: string;
}

/** Spec §2: the visitor's "Entrar" button, whose menu signs in or registers. */
export function EntryMenu({ label, links, currentHref, className }: EntryMenuProps) {
  return (
    <Menu as="div" className={cn('relative', className)}>
      <MenuButton className={buttonClasses('primary', 'px-4 py-2')}>
        {label}
        <ChevronDownIcon />
      </MenuButton>
      <MenuItems {...DROPDOWN} className={cn(PANEL, DROPDOWN_PLACE, 'focus:outline-none')}>
        {links.map((link) => (
          <MenuItem
            key={link.id}
            as={MenuAnchor}
            link={link}
            isCurrent={link.href === currentHref}
            className={PANEL_ITEM}
          />
        ))}
      </MenuItems>
    </Menu>
  );
}

interface ProfileMenuProps {
  user: MenuUser;
  links: MenuLink[];
  logoutLabel: string;
  onLogout: () => void;
  currentHref: string | null;
  className?: string;
}

/**
 * Spec §2 profile dropdown: the avatar and first name open a Headless UI menu (arrow keys, typing
 * a letter, Escape) with the profile links and "Cerrar sesión".
 */
export function ProfileMenu({
  user,
  links,
  logoutLabel,
  onLogout,
  currentHref,
  className,
}: ProfileMenuProps) {
  return (
    <Menu as="div" className={cn('relative', className)}>
      <MenuButton className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-semibold text-slate-800 transition-colors hover:bg-slate-100 data-open:bg-slate-100">
        <UserAvatar user={user} />
        <span className="sr-only">Menú de la cuenta de</span>{' '}
        <span className="max-w-36 truncate">{shortName(user)}</span>
        <ChevronDownIcon className="size-4 text-slate-500" />
      </MenuButton>
      <MenuItems {...DROPDOWN} className={cn(PANEL, DROPDOWN_PLACE, 'w-64 focus:outline-none')}>
        <MenuSection>
          <MenuHeading className="px-3 pt-2 pb-2">
            <span className="block truncate text-sm font-bold text-slate-900">
              {fullName(user)}
            </span>
            <span className="block truncate text-xs font-normal text-slate-600">{user.email}</span>
          </MenuHeading>
          <MenuSeparator className="my-1 h-px bg-slate-200" />
          {links.map((link) => (
            <MenuItem
              key={link.id}
              as={MenuAnchor}
              link={link}
              isCurrent={link.href === currentHref}
              className={PANEL_ITEM}
            />
          ))}
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-slate-200" />
        <MenuItem>
          <button
            type="button"
            onClick={onLogout}
            className={cn(PANEL_ITEM, 'flex w-full items-center gap-2 text-left')}
          >
            <LogoutIcon />
            {logoutLabel}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

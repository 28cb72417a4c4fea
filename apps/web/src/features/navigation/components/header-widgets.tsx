import {
  CloseButton,
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Menu,
  MenuButton,
  MenuHeading,
  MenuItem,
  MenuItems,
  MenuSection,
  MenuSeparator,
  Popover,
  PopoverButton,
  PopoverPanel,
} from '@headlessui/react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { OpenIntent } from '../hooks/use-header-widgets';
import type { MenuLink } from '../types';
import type { EntryMenuProps, ProfileMenuProps } from './account-menus';
import type { NavGroupProps } from './desktop-nav';
import { fullName } from '../utils/user-labels';
import { BAR_ITEM, CURRENT_BAR, PANEL, PANEL_ITEM } from './header-styles';
import { ChevronDownIcon, CloseIcon, LogoutIcon } from './icons';
import { MenuAnchor } from './menu-anchor';
import { ProfileButtonContent } from './profile-button-content';

/**
 * The header's Headless UI widgets, loaded on demand (hooks/use-header-widgets.ts, ADR 0061).
 * Each replaces a look-alike button of the first screen; `openOnMount` says the person already
 * pressed that button, so the widget opens at once, with the focus on its own button.
 */

/**
 * Opens a widget once when it replaces a look-alike that was pressed. A menu opened from the
 * keyboard starts on its first item, as Headless UI does for Enter: the key is passed on to it.
 */
function useOpenOnMount(
  openOnMount: OpenIntent,
  button: RefObject<HTMLButtonElement | null>,
  keyboardOpensWithKey: boolean,
) {
  const done = useRef(false);
  useEffect(() => {
    const target = button.current;
    if (!openOnMount || done.current || !target) return;
    done.current = true;
    target.focus();
    if (openOnMount === 'keyboard' && keyboardOpensWithKey) {
      target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    } else {
      target.click();
    }
  }, [openOnMount, button, keyboardOpensWithKey]);
}

/**
 * A dropdown, not a modal: the page stays usable and readable (Headless UI makes everything else
 * inert by default). Placed with CSS rather than Headless UI's `anchor`, which moves the list to a
 * portal at the end of the page, outside the header's landmark.
 */
const DROPDOWN = { transition: true, modal: false } as const;
const DROPDOWN_PLACE = 'absolute top-full right-0 mt-2 origin-top-right';

/** A widget takes its look-alike's props, and how the look-alike was pressed. */
type WidgetProps<Props> = Props & { openOnMount: OpenIntent };

/** The links of a dropdown, the current page's marked. */
function LinkItems({ links, currentHref }: { links: MenuLink[]; currentHref: string | null }) {
  return links.map((link) => (
    <MenuItem
      key={link.id}
      as={MenuAnchor}
      link={link}
      isCurrent={link.href === currentHref}
      className={PANEL_ITEM}
    />
  ));
}

/** Spec §2: the visitor's "Entrar" button, whose menu signs in or registers. */
export function EntryMenuWidget({
  label,
  links,
  currentHref,
  className,
  openOnMount,
}: WidgetProps<EntryMenuProps>) {
  const button = useRef<HTMLButtonElement>(null);
  useOpenOnMount(openOnMount, button, true);
  return (
    <Menu as="div" className={cn('relative', className)}>
      <MenuButton ref={button} className={buttonClasses('primary', 'px-4 py-2')}>
        {label}
        <ChevronDownIcon />
      </MenuButton>
      <MenuItems {...DROPDOWN} className={cn(PANEL, DROPDOWN_PLACE, 'focus:outline-none')}>
        <LinkItems links={links} currentHref={currentHref} />
      </MenuItems>
    </Menu>
  );
}

/**
 * Spec §2 profile dropdown: the avatar and first name open a Headless UI menu (arrow keys, typing
 * a letter, Escape) with the profile links and "Cerrar sesión".
 */
export function ProfileMenuWidget({
  user,
  links,
  logoutLabel,
  onLogout,
  currentHref,
  className,
  openOnMount,
}: WidgetProps<ProfileMenuProps>) {
  const button = useRef<HTMLButtonElement>(null);
  useOpenOnMount(openOnMount, button, true);
  return (
    <Menu as="div" className={cn('relative', className)}>
      <MenuButton
        ref={button}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-semibold text-slate-800 transition-colors hover:bg-slate-100 data-open:bg-slate-100"
      >
        <ProfileButtonContent user={user} />
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
          <LinkItems links={links} currentHref={currentHref} />
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

/** A submenu of the header bar: a Headless UI popover, a disclosure of links (Tab, Escape). */
export function NavGroupWidget({ group, currentHref, openOnMount }: WidgetProps<NavGroupProps>) {
  const button = useRef<HTMLButtonElement>(null);
  useOpenOnMount(openOnMount, button, false);
  const hasCurrent = group.links.some((link) => link.href === currentHref);
  return (
    <Popover className="relative">
      <PopoverButton
        ref={button}
        className={cn(BAR_ITEM, 'data-open:bg-slate-100', hasCurrent && CURRENT_BAR)}
      >
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

interface MobileDrawerProps {
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The side menu's drawer: a Headless UI Dialog (focus trapped inside, Escape and the backdrop
 * close it, focus returns to the button). Spec §9: modal transitions 300 ms, backdrop 150 ms.
 */
export function MobileDrawer({ isOpen, onClose, children }: MobileDrawerProps) {
  return (
    <Dialog open={isOpen} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 ease-out data-closed:opacity-0 motion-reduce:transition-none"
      />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel
          transition
          className="flex h-full w-full max-w-xs flex-col overflow-y-auto bg-white shadow-xl transition duration-300 ease-out data-closed:translate-x-full motion-reduce:transition-none"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <DialogTitle className="text-lg font-bold text-slate-900">Menú</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              className="grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-slate-100"
            >
              <CloseIcon />
              <span className="sr-only">Cerrar menú</span>
            </button>
          </div>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

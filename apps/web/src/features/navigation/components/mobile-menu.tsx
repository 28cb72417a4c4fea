import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { MenuLink, MenuModel, MenuUser } from '../types';
import {
  INTENT_HANDLERS,
  preloadHeaderWidgets,
  useHeaderWidgets,
} from '../hooks/use-header-widgets';
import { fullName } from '../utils/user-labels';
import { ActionIcon, LogoutIcon, MenuIcon } from './icons';
import { MenuAnchor } from './menu-anchor';
import { UserAvatar } from './user-avatar';

const DRAWER_ITEM =
  'flex min-h-11 items-center rounded-lg px-3 py-2 text-base font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:bg-slate-100 aria-[current=page]:font-bold aria-[current=page]:shadow-[inset_4px_0_0_var(--color-main)]';
const DRAWER_HEADING = 'px-3 pt-4 pb-1 text-xs font-bold tracking-wide text-slate-600 uppercase';

interface MobileMenuProps {
  model: MenuModel;
  user: MenuUser | null;
  currentHref: string | null;
  onLogout: () => void;
  className?: string;
  /** The communication centre's bell, first in the drawer (spec §2; given by the header). */
  notificationBell?: ReactNode;
  /** Shown in the menu's button, and read as part of its name (the bell's unread count). */
  buttonBadge?: ReactNode;
}

/**
 * Below the desktop breakpoint the menu lives in a side drawer (a visitor's "Entrar" is not in it:
 * the header shows it at every width): a Headless UI Dialog (header-widgets.tsx, loaded on demand:
 * ADR 0061) that also closes when the page changes.
 */
export function MobileMenu({
  model,
  user,
  currentHref,
  onLogout,
  className,
  notificationBell,
  buttonBadge,
}: MobileMenuProps) {
  const location = useLocation();
  const widgets = useHeaderWidgets();
  // The drawer is open for the page it was opened on: any navigation (a link inside or outside it,
  // back and forward) closes it.
  const [openOnKey, setOpenOnKey] = useState<string | null>(null);
  const isOpen = openOnKey === location.key;
  const close = () => setOpenOnKey(null);

  const { account, action, entries } = model;
  // "Comunicaciones" is both a menu item and a profile section: listed once here.
  const menuHrefs = new Set(
    entries.flatMap((entry) =>
      entry.kind === 'link' ? [entry.href] : entry.links.map((l) => l.href),
    ),
  );
  const accountLinks =
    account.kind === 'none' ? [] : account.links.filter((link) => !menuHrefs.has(link.href));
  const idBase = useId();
  const accountHeadingId = `${idBase}-account`;

  // A visitor's "Entrar" stays in the header at every width (spec §2), so the side menu is only
  // there when it has more to offer.
  if (entries.length === 0 && action === null && account.kind !== 'member') return null;

  const drawerLink = (link: MenuLink) => (
    <li key={link.id}>
      <MenuAnchor
        link={link}
        isCurrent={link.href === currentHref}
        onClick={close}
        className={DRAWER_ITEM}
      />
    </li>
  );

  return (
    // Left out when the header measures whether its desktop bar fits (hooks/use-header-fit.ts).
    <div className={className} data-header-fallback="">
      <button
        type="button"
        {...INTENT_HANDLERS}
        onClick={() => {
          setOpenOnKey(location.key);
          preloadHeaderWidgets();
        }}
        aria-expanded={isOpen && widgets !== null}
        className="relative grid size-11 place-items-center rounded-lg text-slate-800 hover:bg-slate-100"
      >
        <MenuIcon />
        <span className="sr-only">Abrir menú</span>
        {buttonBadge}
      </button>

      {widgets ? (
        <widgets.MobileDrawer isOpen={isOpen} onClose={close}>
          <div className="flex flex-1 flex-col gap-2 px-3 py-3">
            {notificationBell ? (
              <div className="border-b border-slate-200 pb-2">{notificationBell}</div>
            ) : null}
            {entries.length > 0 && (
              <nav aria-label="Menú principal">
                <ul className="flex flex-col gap-0.5">
                  {entries.map((entry) =>
                    entry.kind === 'link' ? (
                      drawerLink(entry)
                    ) : (
                      <li key={entry.id}>
                        <p id={`${idBase}-${entry.id}`} className={DRAWER_HEADING}>
                          {entry.label}
                        </p>
                        <ul aria-labelledby={`${idBase}-${entry.id}`} className="pl-2">
                          {entry.links.map((link) => drawerLink(link))}
                        </ul>
                      </li>
                    ),
                  )}
                </ul>
              </nav>
            )}

            {action && (
              <MenuAnchor
                link={action}
                isCurrent={action.href === currentHref}
                onClick={close}
                className={buttonClasses('primary', 'mt-2 min-h-11 w-full')}
              >
                <ActionIcon icon={action.icon} />
                {action.menuLabel}
              </MenuAnchor>
            )}

            {account.kind === 'member' && user && (
              <section
                aria-labelledby={accountHeadingId}
                className="mt-2 border-t border-slate-200 pt-3"
              >
                <div className="flex items-center gap-3 px-3 pb-2">
                  <UserAvatar user={user} className="size-10" />
                  <div className="min-w-0">
                    <h2
                      id={accountHeadingId}
                      className="truncate text-base font-bold text-slate-900"
                    >
                      {fullName(user)}
                    </h2>
                    <p className="truncate text-sm text-slate-600">{user.email}</p>
                  </div>
                </div>
                <ul className="flex flex-col gap-0.5">
                  {accountLinks.map((link) => drawerLink(link))}
                  <li>
                    <button
                      type="button"
                      onClick={() => {
                        close();
                        onLogout();
                      }}
                      className={cn(DRAWER_ITEM, 'w-full gap-2 text-left')}
                    >
                      <LogoutIcon className="size-5" />
                      {account.logoutLabel}
                    </button>
                  </li>
                </ul>
              </section>
            )}
          </div>
        </widgets.MobileDrawer>
      ) : null}
    </div>
  );
}

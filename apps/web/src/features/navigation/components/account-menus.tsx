import { useState } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import {
  INTENT_HANDLERS,
  openIntentOf,
  preloadHeaderWidgets,
  useHeaderWidgets,
  type OpenIntent,
} from '../hooks/use-header-widgets';
import type { MenuLink, MenuUser } from '../types';
import { ChevronDownIcon } from './icons';
import { ProfileButtonContent } from './profile-button-content';

/**
 * The header's two account dropdowns. Their menus are Headless UI widgets loaded on demand
 * (ADR 0061): until then a look-alike button, which opens the menu once it has loaded.
 */

interface EntryMenuProps {
  label: string;
  links: MenuLink[];
  currentHref: string | null;
  className?: string;
}

/** Spec §2: the visitor's "Entrar" button, whose menu signs in or registers. */
export function EntryMenu({ label, links, currentHref, className }: EntryMenuProps) {
  const widgets = useHeaderWidgets();
  const [clicked, setClicked] = useState<OpenIntent>(false);
  if (widgets) {
    return (
      <widgets.EntryMenuWidget
        label={label}
        links={links}
        currentHref={currentHref}
        className={className}
        openOnMount={clicked}
      />
    );
  }
  return (
    <div className={cn('relative', className)}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        className={buttonClasses('primary', 'px-4 py-2')}
        {...INTENT_HANDLERS}
        onClick={(event) => {
          setClicked(openIntentOf(event));
          preloadHeaderWidgets();
        }}
      >
        {label}
        <ChevronDownIcon />
      </button>
    </div>
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

/** Spec §2 profile dropdown: the avatar and first name, whose menu holds the profile links. */
export function ProfileMenu({ className, ...menu }: ProfileMenuProps) {
  const widgets = useHeaderWidgets();
  const [clicked, setClicked] = useState<OpenIntent>(false);
  if (widgets) {
    return <widgets.ProfileMenuWidget {...menu} className={className} openOnMount={clicked} />;
  }
  return (
    <div className={cn('relative', className)}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-semibold text-slate-800 transition-colors hover:bg-slate-100"
        {...INTENT_HANDLERS}
        onClick={(event) => {
          setClicked(openIntentOf(event));
          preloadHeaderWidgets();
        }}
      >
        <ProfileButtonContent user={menu.user} />
      </button>
    </div>
  );
}

import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useLookAlike } from '../hooks/use-header-widgets';
import type { MenuLink, MenuUser } from '../types';
import { ChevronDownIcon } from './icons';
import { ProfileButtonContent } from './profile-button-content';

/**
 * The header's two account dropdowns. Their menus are Headless UI widgets loaded on demand
 * (ADR 0061): until then a look-alike button, which opens the menu once it has loaded.
 */

export interface EntryMenuProps {
  label: string;
  links: MenuLink[];
  currentHref: string | null;
  className?: string;
}

/** Spec §2: the visitor's "Entrar" button, whose menu signs in or registers. */
export function EntryMenu(props: EntryMenuProps) {
  const { widgets, openIntent, buttonProps } = useLookAlike();
  if (widgets) return <widgets.EntryMenuWidget {...props} openOnMount={openIntent} />;
  const { label, className } = props;
  return (
    <div className={cn('relative', className)}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        className={buttonClasses('primary', 'px-4 py-2')}
        {...buttonProps}
      >
        {label}
        <ChevronDownIcon />
      </button>
    </div>
  );
}

export interface ProfileMenuProps {
  user: MenuUser;
  links: MenuLink[];
  logoutLabel: string;
  onLogout: () => void;
  currentHref: string | null;
  className?: string;
}

/** Spec §2 profile dropdown: the avatar and first name, whose menu holds the profile links. */
export function ProfileMenu(props: ProfileMenuProps) {
  const { widgets, openIntent, buttonProps } = useLookAlike();
  if (widgets) return <widgets.ProfileMenuWidget {...props} openOnMount={openIntent} />;
  const { user, className } = props;
  return (
    <div className={cn('relative', className)}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-semibold text-slate-800 transition-colors hover:bg-slate-100"
        {...buttonProps}
      >
        <ProfileButtonContent user={user} />
      </button>
    </div>
  );
}

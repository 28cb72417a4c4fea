import type { MenuUser } from '../types';
import { shortName } from '../utils/user-labels';
import { ChevronDownIcon } from './icons';
import { UserAvatar } from './user-avatar';

/** What the profile menu's button shows: the avatar and first name, named for screen readers. */
export function ProfileButtonContent({ user }: { user: MenuUser }) {
  return (
    <>
      <UserAvatar user={user} />
      <span className="sr-only">Menú de la cuenta de</span>{' '}
      <span className="max-w-36 truncate">{shortName(user)}</span>
      <ChevronDownIcon className="size-4 text-slate-500" />
    </>
  );
}

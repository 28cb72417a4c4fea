import { useState } from 'react';
import { cn } from '../../../lib/cn';
import type { MenuUser } from '../types';
import { userInitials } from '../utils/user-labels';

/**
 * The user's picture, or their initials on the brand colour. Decorative: the name is always written
 * next to it.
 */
export function UserAvatar({ user, className }: { user: MenuUser; className?: string }) {
  // A picture that does not load falls back to the initials instead of a broken image.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const classes = cn('size-9 shrink-0 rounded-full', className);
  if (user.pictureUrl && user.pictureUrl !== failedUrl) {
    return (
      <img
        src={user.pictureUrl}
        alt=""
        className={cn(classes, 'object-cover')}
        onError={() => setFailedUrl(user.pictureUrl)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(classes, 'grid place-items-center bg-main text-xs font-bold text-on-main')}
    >
      {userInitials(user)}
    </span>
  );
}

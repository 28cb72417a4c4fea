import type { ComponentPropsWithRef } from 'react';
import { Link } from 'react-router';
import type { MenuLink } from '../types';

export interface MenuAnchorProps extends Omit<ComponentPropsWithRef<'a'>, 'href'> {
  link: MenuLink;
  /** Marks the link as the page being shown (`aria-current="page"`). */
  isCurrent?: boolean;
}

/**
 * One menu link: a router link to a screen of the app. Props and ref go to the `<a>`, so Headless
 * UI can render it as a menu item or a close button.
 */
export function MenuAnchor({ link, isCurrent = false, children, ...props }: MenuAnchorProps) {
  const common = { ...props, 'aria-current': isCurrent ? ('page' as const) : undefined };
  const content = children ?? link.label;
  return (
    <Link {...common} to={link.href}>
      {content}
    </Link>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LinkTarget } from '../utils/link-target';

interface FooterLinkProps {
  target: LinkTarget;
  children: ReactNode;
  /** Extra information shown on hover (the link's `title` in the content). */
  title?: string;
  lang?: string;
}

const CLASSES =
  'rounded-sm underline-offset-4 decoration-2 hover:underline inline-flex items-center gap-1';

/** A footer link: router link, new tab for other sites (safely), the mail client or the phone. */
export function FooterLink({ target, children, title, lang }: FooterLinkProps) {
  switch (target.kind) {
    case 'route':
      return (
        <Link to={target.to} title={title} lang={lang} className={CLASSES}>
          {children}
        </Link>
      );
    case 'external':
      return (
        <a
          href={target.href}
          title={title}
          lang={lang}
          target="_blank"
          rel="noopener noreferrer"
          className={CLASSES}
        >
          {children}
          <span className="sr-only"> (se abre en una pestaña nueva)</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
            className="size-3.5 opacity-80"
          >
            <path d="M14 4h6v6M20 4 10 14M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
          </svg>
        </a>
      );
    case 'email':
    case 'phone':
      return (
        <a href={target.href} title={title} lang={lang} className={CLASSES}>
          {children}
        </a>
      );
  }
}

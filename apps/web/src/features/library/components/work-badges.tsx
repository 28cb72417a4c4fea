import type { ReactNode } from 'react';

/** "Premiado": a work that won an award. */
export function AwardedBadge() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
        <path d="M10 1.5l2.47 5.01 5.53.8-4 3.9.94 5.5L10 14.1l-4.94 2.6.94-5.5-4-3.9 5.53-.8z" />
      </svg>
      Premiado
    </span>
  );
}

/** A work's topics as small chips. */
export function TagList({ tags, children }: { tags: string[]; children?: ReactNode }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Temas" className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800"
        >
          {tag}
        </li>
      ))}
      {children}
    </ul>
  );
}

/** An external link opened in a new tab, saying so to screen readers. */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        className="ml-1 inline size-3.5 align-[-2px]"
      >
        <path d="M11 3h6v6M17 3l-8 8M8 5H4v11h11v-4" />
      </svg>
    </a>
  );
}

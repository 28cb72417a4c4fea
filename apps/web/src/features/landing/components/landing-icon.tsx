import type { ReactNode } from 'react';

/** Line icons of the landing pages (24 px grid, drawn in the text colour). */
export const LANDING_ICONS = {
  student: <path d="M22 10 12 5 2 10l10 5 10-5Zm-16 2v5c0 1.7 2.7 3 6 3s6-1.3 6-3v-5M22 10v6" />,
  teacher: (
    <path d="M4 19.5V5a2 2 0 0 1 2-2h14v14H6a2 2 0 0 0-2 2.5Zm0 0A2 2 0 0 0 6 21h14M9 7h7M9 11h5" />
  ),
  organization: <path d="M3 21h18M5 21V7l7-4 7 4v14M9 21v-5h6v5M9 10h.01M15 10h.01M12 10h.01" />,
  search: <path d="m21 21-4.3-4.3M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15Z" />,
  bookmark: <path d="M6 3h12v18l-6-4-6 4V3Z" />,
  send: <path d="M22 2 11 13M22 2l-7 20-4-9-9-4 20-7Z" />,
  library: <path d="M4 4h4v16H4zM10 4h4v16h-4zM16.5 4.5l3.8 1-3.8 15-3.8-1z" />,
  bell: <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9Zm4.3 13a1.9 1.9 0 0 0 3.4 0" />,
  spark: (
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.8 2.8M15.6 15.6l2.8 2.8M5.6 18.4l2.8-2.8M15.6 8.4l2.8-2.8" />
  ),
  people: (
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm13 10v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />
  ),
  check: <path d="M20 6 9 17l-5-5" />,
  chart: <path d="M3 3v18h18M7 15l4-4 3 3 6-6" />,
  settings: (
    <path d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7.5 7.5 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 2 1.2l.4 2.6h5l.4-2.6a7.5 7.5 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z" />
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  user: <path d="M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10Z" />,
} satisfies Record<string, ReactNode>;

export type LandingIconName = keyof typeof LANDING_ICONS;

/** A decorative icon (hidden from screen readers; the text next to it says it all). */
export function LandingIcon({
  name,
  className = 'size-6',
}: {
  name: LandingIconName;
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {LANDING_ICONS[name]}
    </svg>
  );
}

import type { ResourcePicture as Picture } from '../../../entities/resource/types';
import { cn } from '../../../lib/cn';

/**
 * A resource's picture in a box of fixed proportions (16:9), so the page does not move when it
 * arrives. Its alternative text is the file's, written by the admins (ADR 0042); without one,
 * the resource's title: nobody said whether the picture is only decorative, and a picture that
 * shows something must not be silent. Cards keep the box without a picture, so the grid stays
 * even (a neutral drawing, hidden from screen readers); the page shows nothing then.
 */
export function ResourcePicture({
  picture,
  title,
  variant,
  className,
}: {
  picture: Picture | null;
  /** The resource's title: the alternative text when the file has none. */
  title: string;
  variant: 'card' | 'page';
  className?: string;
}) {
  if (!picture && variant === 'page') return null;
  return (
    <div className={cn('aspect-video w-full overflow-hidden bg-slate-100', className)}>
      {picture ? (
        <img
          src={variant === 'card' ? (picture.smallUrl ?? picture.url) : picture.url}
          alt={picture.alt || title}
          width={picture.width ?? undefined}
          height={picture.height ?? undefined}
          loading={variant === 'card' ? 'lazy' : undefined}
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="grid size-full place-items-center bg-gradient-to-br from-slate-100 to-slate-200 text-slate-400"
        >
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
            className="size-12"
          >
            <path d="M4 19.5V5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zm0 0A2 2 0 0 0 6 21h13" />
            <path d="M8 7h7M8 11h5" />
          </svg>
        </div>
      )}
    </div>
  );
}

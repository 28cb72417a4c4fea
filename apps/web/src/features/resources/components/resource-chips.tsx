import { cn } from '../../../lib/cn';

const TONES = {
  tag: 'bg-slate-100 text-slate-800 ring-slate-300',
  purpose: 'bg-sky-50 text-sky-900 ring-sky-200',
  stage: 'bg-violet-50 text-violet-900 ring-violet-200',
} as const;

/** A named list of short labels (a resource's tags, purposes or stages), read with its name. */
export function ResourceChips({
  label,
  items,
  tone,
}: {
  label: string;
  items: readonly string[];
  tone: keyof typeof TONES;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li
          key={item}
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
            TONES[tone],
          )}
        >
          {item}
        </li>
      ))}
    </ul>
  );
}

/** "Popular": an admin marked the resource as one students find most useful (`is_popular`). */
export function PopularBadge() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
        <path d="M10 1.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8L10 14.9l-5.3 2.7 1-5.8L1.5 7.7l5.9-.9z" />
      </svg>
      Popular
    </span>
  );
}

import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { TEXTS, formatCount } from '../texts';

/**
 * How a card reads: `calm` (nothing waits: a check and «Nada pendiente», never a warning),
 * `info` (something is under way and needs nobody) or `attention` (someone must act).
 */
export type CardTone = 'calm' | 'info' | 'attention';

const TONES: Record<CardTone, string> = {
  calm: 'border-l-emerald-600',
  info: 'border-l-slate-400',
  attention: 'border-l-amber-500',
};

/** The class of a link inside a card: text, underlined, readable on white for any branding. */
export const CARD_LINK =
  'rounded text-sm font-semibold text-slate-800 underline underline-offset-4 hover:text-slate-950';

function CheckIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className="size-6 shrink-0 text-emerald-700"
    >
      <path
        fillRule="evenodd"
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/**
 * One figure of the administration home (ADR 0066): its title, the figure and a sentence that
 * continues it, and the links to where it is dealt with. The tone is a border only: the words
 * always say what the colour does (WCAG 1.4.1).
 */
export function AttentionCard({
  title,
  count,
  sentence,
  tone = count > 0 ? 'attention' : 'calm',
  children,
}: {
  title: string;
  count: number;
  sentence: string;
  tone?: CardTone;
  /** The links, and anything listed under the sentence. */
  children?: ReactNode;
}) {
  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-l-4 border-slate-200 bg-white p-5 shadow-sm',
        TONES[tone],
      )}
    >
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {count === 0 ? (
        <p className="flex items-start gap-2 text-sm text-slate-700">
          <CheckIcon />
          <span>
            <strong className="block text-lg font-semibold text-emerald-800">{TEXTS.calm}</strong>
            {sentence}
          </span>
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          <strong className="mr-1.5 text-3xl font-bold text-slate-900 tabular-nums">
            {formatCount(count)}
          </strong>{' '}
          {sentence}
        </p>
      )}
      {children ? <div className="mt-auto flex flex-col gap-2">{children}</div> : null}
    </li>
  );
}

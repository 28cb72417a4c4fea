import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

interface AuthPageProps {
  /** The page's h1; omit it when the content brings its own (a success screen). */
  title?: string;
  /** A sentence under the title saying what the page is for. */
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card (to register, to sign in...). */
  footer?: ReactNode;
  /** The registration form has two columns on wide screens. */
  isWide?: boolean;
}

/** The frame of the sign-in screens: one centred card, full width on phones. */
export function AuthPage({ title, intro, children, footer, isWide = false }: AuthPageProps) {
  return (
    <div
      className={cn(
        'mx-auto w-full px-4 py-10 sm:px-6 sm:py-16',
        isWide ? 'max-w-2xl' : 'max-w-lg',
      )}
    >
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {title ? (
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        ) : null}
        {intro ? <p className="mt-3 text-base leading-7 text-slate-700">{intro}</p> : null}
        <div className={title || intro ? 'mt-8' : undefined}>{children}</div>
      </div>
      {footer ? (
        <div className="mt-6 flex flex-col items-center gap-2 text-center text-sm text-slate-700">
          {footer}
        </div>
      ) : null}
    </div>
  );
}

/** A text link of the auth screens. */
export const AUTH_LINK_CLASSES =
  'rounded font-semibold text-slate-900 underline underline-offset-4 hover:decoration-main hover:decoration-2';

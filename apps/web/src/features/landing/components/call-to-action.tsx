import type { ReactNode } from 'react';

interface CallToActionProps {
  id: string;
  title: string;
  children: ReactNode;
  /** Links or buttons (see `heroActionClasses`: the card is in the brand colour). */
  actions: ReactNode;
}

/**
 * The closing invitation of a landing page: a card in the brand colour with its calls to action.
 * The Emprende invitation of spec §2 Landing uses it on `/`.
 */
export function CallToAction({ id, title, children, actions }: CallToActionProps) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="flex flex-col gap-8 rounded-3xl bg-main px-6 py-10 text-on-main shadow-lg [--focus-ring:var(--color-on-main)] sm:px-12 sm:py-14 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id={id} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {title}
          </h2>
          <div className="mt-4 text-base leading-7 sm:text-lg">{children}</div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-4">{actions}</div>
      </div>
    </section>
  );
}

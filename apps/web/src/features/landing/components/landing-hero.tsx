import type { ReactNode } from 'react';

interface LandingHeroProps {
  /** A short line above the title (the university, or who the page is for). */
  eyebrow: ReactNode;
  title: string;
  children: ReactNode;
  /** Calls to action under the text (see `heroActionClasses`). */
  actions?: ReactNode;
  /** Decorative picture on wide screens. */
  picture?: ReactNode;
}

/** Classes of the hero's calls to action: solid (`primary`) or outlined, readable on the brand colour. */
export function heroActionClasses(kind: 'primary' | 'secondary'): string {
  const base =
    'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 text-base font-semibold transition-colors';
  return kind === 'primary'
    ? `${base} bg-on-main text-main shadow-sm hover:bg-on-main/90`
    : `${base} text-on-main ring-1 ring-on-main/70 ring-inset hover:bg-on-main/10`;
}

/** The opening band of a landing page, in the brand colour (the h1 of the page). */
export function LandingHero({ eyebrow, title, children, actions, picture }: LandingHeroProps) {
  return (
    <section className="relative isolate overflow-hidden bg-main text-on-main [--focus-ring:var(--color-on-main)]">
      {/* Decorative shapes in the text colour, so they suit any brand colour. */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-24 -right-24 size-96 rounded-full bg-on-main/5" />
        <div className="absolute top-40 -right-8 size-64 rounded-full bg-on-main/5" />
        <div className="absolute -bottom-40 -left-24 size-80 rounded-full bg-on-main/[0.04]" />
      </div>
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div>
          <div className="text-sm font-semibold">{eyebrow}</div>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            {title}
          </h1>
          <div aria-hidden="true" className="mt-8 h-1.5 w-20 rounded-full bg-on-main/70" />
          <div className="mt-8 max-w-2xl text-lg leading-8 sm:text-xl">{children}</div>
          {actions ? <div className="mt-10 flex flex-wrap gap-4">{actions}</div> : null}
        </div>
        {picture}
      </div>
    </section>
  );
}

import type { ReactNode } from 'react';
import { LandingIcon, type LandingIconName } from './landing-icon';

export interface LandingFeature {
  title: string;
  description: string;
  icon: LandingIconName;
  /** A link under the text (for instance to the audience's page). */
  action?: ReactNode;
}

interface FeatureGridProps {
  id: string;
  title: string;
  intro?: string;
  items: LandingFeature[];
  /** Three columns on wide screens (default), or two. */
  columns?: 2 | 3;
}

/** A titled section of cards: what the platform offers (one card per offer or audience). */
export function FeatureGrid({ id, title, intro, items, columns = 3 }: FeatureGridProps) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 max-w-2xl text-base leading-7 text-slate-700">{intro}</p> : null}
      <ul className={`mt-10 grid gap-6 sm:grid-cols-2 ${columns === 3 ? 'lg:grid-cols-3' : ''}`}>
        {items.map((item) => (
          <li
            key={item.title}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm"
          >
            <span className="grid size-12 place-items-center rounded-xl bg-main text-on-main shadow-sm">
              <LandingIcon name={item.icon} />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{item.title}</h3>
            <p className="mt-2 flex-1 text-base leading-7 text-slate-700">{item.description}</p>
            {item.action ? <div className="mt-5">{item.action}</div> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

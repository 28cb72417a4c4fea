import { Link } from 'react-router';
import type { AreaLink } from '../utils/area-links';
import { LandingIcon } from './landing-icon';

/** `/` for someone signed in (ADR 0015): a greeting and the main places of their area. */
export function AreaWelcome({ name, links }: { name: string | null; links: AreaLink[] }) {
  return (
    <section aria-labelledby="bienvenida" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
      <h2 id="bienvenida" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {name ? `Hola, ${name}` : 'Hola de nuevo'}
      </h2>
      <p className="mt-3 text-base leading-7 text-slate-700">¿Por dónde quieres empezar hoy?</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="group flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-main"
            >
              <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-main text-on-main">
                <LandingIcon name={link.icon} />
              </span>
              <span>
                <span className="block text-base font-semibold text-slate-900 decoration-main decoration-2 underline-offset-4 group-hover:underline">
                  {link.label}
                </span>
                <span className="mt-1 block text-sm leading-6 text-slate-700">
                  {link.description}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { ReactNode } from 'react';
import { useBranding } from '../../features/branding/hooks/use-branding';

interface Audience {
  title: string;
  description: string;
  icon: ReactNode;
}

const AUDIENCES: Audience[] = [
  {
    title: 'Estudiantes',
    description:
      'Descubre proyectos con impacto real, guarda los que te interesan y presenta tu candidatura para hacer tu TFG o TFM junto a una organización.',
    icon: <path d="M22 10 12 5 2 10l10 5 10-5Zm-16 2v5c0 1.7 2.7 3 6 3s6-1.3 6-3v-5M22 10v6" />,
  },
  {
    title: 'Profesorado',
    description:
      'Publica proyectos, tutoriza trabajos finales y sigue el avance de tus estudiantes desde tu panel de control.',
    icon: (
      <path d="M4 19.5V5a2 2 0 0 1 2-2h14v14H6a2 2 0 0 0-2 2.5Zm0 0A2 2 0 0 0 6 21h14M9 7h7M9 11h5" />
    ),
  },
  {
    title: 'Organizaciones',
    description:
      'Plantea los retos de tu entidad y colabora con talento universitario para convertirlos en proyectos que transforman.',
    icon: <path d="M3 21h18M5 21V7l7-4 7 4v14M9 21v-5h6v5M9 10h.01M15 10h.01M12 10h.01" />,
  },
];

const STEPS: { title: string; description: string }[] = [
  {
    title: 'Se publica un reto',
    description: 'Organizaciones y profesorado proponen proyectos de impacto social.',
  },
  {
    title: 'Encuentras tu proyecto',
    description: 'Los estudiantes exploran, guardan y envían su candidatura.',
  },
  {
    title: 'Lo hacéis realidad',
    description: 'El trabajo se convierte en un TFG o TFM con impacto y queda en la biblioteca.',
  },
];

/** `/`: the project name and what the platform is for. */
export function HomeRoute() {
  const { projectName, universityName } = useBranding();

  return (
    <>
      <section className="relative isolate overflow-hidden bg-main text-on-main [--focus-ring:var(--color-on-main)]">
        {/* Decorative shapes in the text colour, so they suit any brand colour. */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
          <div className="absolute -top-24 -right-24 size-96 rounded-full bg-on-main/5" />
          <div className="absolute top-40 -right-8 size-64 rounded-full bg-on-main/5" />
          <div className="absolute -bottom-40 -left-24 size-80 rounded-full bg-on-main/[0.04]" />
        </div>
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-6 py-20 sm:py-28 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div>
            {universityName ? (
              <p className="inline-flex items-center rounded-full bg-on-main/10 px-4 py-1.5 text-sm font-semibold ring-1 ring-on-main/20">
                {universityName}
              </p>
            ) : (
              <p className="text-sm font-semibold tracking-widest uppercase">
                Impacto social · TFG y TFM
              </p>
            )}
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-6xl">
              {projectName}
            </h1>
            <div aria-hidden="true" className="mt-8 h-1.5 w-20 rounded-full bg-quaternary" />
            <p className="mt-8 max-w-2xl text-lg leading-8 sm:text-xl">
              Conectamos a estudiantes y profesorado universitario con organizaciones de toda España
              para desarrollar proyectos de impacto social y trabajos de fin de grado y máster.
            </p>
          </div>
          <ConnectionIllustration />
        </div>
      </section>

      <section aria-labelledby="participa" className="mx-auto max-w-6xl px-6 py-16 sm:py-24">
        <h2 id="participa" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Una plataforma, tres formas de participar
        </h2>
        <p className="mt-4 max-w-2xl text-base leading-7 text-slate-600">
          Cada perfil encuentra aquí lo que necesita para que el conocimiento universitario llegue a
          donde más se necesita.
        </p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {AUDIENCES.map((audience) => (
            <li
              key={audience.title}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm"
            >
              <span className="grid size-12 place-items-center rounded-xl bg-main text-on-main shadow-sm">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={1.8}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  className="size-6"
                >
                  {audience.icon}
                </svg>
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{audience.title}</h3>
              <p className="mt-2 text-base leading-7 text-slate-600">{audience.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="como-funciona" className="border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-6 py-16 sm:py-24">
          <h2
            id="como-funciona"
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            Cómo funciona
          </h2>
          <ol className="mt-10 grid gap-10 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="grid size-10 shrink-0 place-items-center rounded-full bg-main text-base font-bold text-on-main"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{step.title}</h3>
                  <p className="mt-1 text-base leading-7 text-slate-600">{step.description}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}

/** Nodes of the hero picture: the three audiences around the platform. */
const NODES = [
  { x: 62, y: 70, audience: 0 },
  { x: 298, y: 92, audience: 1 },
  { x: 150, y: 268, audience: 2 },
] as const;

/** Decorative hero picture (wide screens): students, teachers and organisations, connected. */
function ConnectionIllustration() {
  const center = { x: 180, y: 160 };
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 360 330"
      className="hidden w-full max-w-sm justify-self-end lg:block"
      fill="none"
    >
      {NODES.map((node) => (
        <line
          key={`line-${node.audience}`}
          x1={center.x}
          y1={center.y}
          x2={node.x}
          y2={node.y}
          className="stroke-on-main/40"
          strokeWidth={2}
          strokeDasharray="6 8"
          strokeLinecap="round"
        />
      ))}
      <circle cx={center.x} cy={center.y} r={74} className="fill-on-main/5" />
      <circle
        cx={center.x}
        cy={center.y}
        r={52}
        className="fill-on-main/10 stroke-on-main/40"
        strokeWidth={2}
      />
      <svg x={center.x - 22} y={center.y - 22} width={44} height={44} viewBox="0 0 24 24">
        <path
          d="M3 21h18M4 10h16M12 3 4 8v2h16V8l-8-5ZM6 10v8M10 10v8M14 10v8M18 10v8M4 18h16"
          className="stroke-on-main"
          strokeWidth={1.6}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {NODES.map((node) => (
        <g key={`node-${node.audience}`}>
          <circle cx={node.x} cy={node.y} r={38} className="fill-on-main" />
          <svg x={node.x - 16} y={node.y - 16} width={32} height={32} viewBox="0 0 24 24">
            <g
              className="stroke-main"
              strokeWidth={1.8}
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              {AUDIENCES[node.audience]?.icon}
            </g>
          </svg>
        </g>
      ))}
      <circle cx={300} cy={236} r={9} className="fill-quaternary" />
      <circle cx={40} cy={196} r={5} className="fill-on-main/50" />
      <circle cx={236} cy={28} r={6} className="fill-on-main/30" />
    </svg>
  );
}

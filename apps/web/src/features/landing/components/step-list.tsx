export interface LandingStep {
  title: string;
  description: string;
}

/** "Cómo funciona": numbered steps on a white band. */
export function StepList({
  id,
  title,
  steps,
}: {
  id: string;
  title: string;
  steps: LandingStep[];
}) {
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h2>
        <ol
          className={`mt-10 grid gap-10 sm:grid-cols-2 ${steps.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}
        >
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="grid size-10 shrink-0 place-items-center rounded-full bg-main text-base font-bold text-on-main"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-base leading-7 text-slate-700">{step.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

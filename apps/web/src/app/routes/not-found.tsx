import { ButtonLink } from '../../components/ui/button';

/** Any path without a screen. */
export function NotFoundRoute() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center sm:py-32">
      <p className="rounded-full bg-main/10 px-4 py-1.5 text-sm font-semibold tracking-widest text-slate-700 uppercase">
        Error 404
      </p>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Página no encontrada
      </h1>
      <p className="mt-4 text-base leading-7 text-slate-600">
        La página que buscas no existe o ha cambiado de dirección.
      </p>
      <ButtonLink to="/" className="mt-8">
        Volver al inicio
      </ButtonLink>
    </section>
  );
}

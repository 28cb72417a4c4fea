import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';

/** What a library screen shows when the platform has its switch off (as projects-disabled.tsx). */
export function LibraryDisabled({ external = false }: { external?: boolean }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-10 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {external ? 'Trabajos finales externos' : 'Biblioteca de trabajos finales'}
      </h1>
      <Alert>
        {external
          ? 'El repositorio de trabajos finales externos no está disponible en esta plataforma.'
          : 'La biblioteca de trabajos finales no está disponible en esta plataforma.'}
      </Alert>
      <ButtonLink to="/" variant="secondary" className="self-start">
        Volver al inicio
      </ButtonLink>
    </div>
  );
}

/** A work that does not exist or that the reader may not see (the API answers 404 for both). */
export function WorkNotFound({ backHref }: { backHref: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center sm:py-32">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Trabajo no encontrado
      </h1>
      <p className="mt-4 text-base leading-7 text-slate-700">
        Este trabajo no existe o no está publicado. Puede que lo hayan retirado o que el enlace esté
        incompleto.
      </p>
      <ButtonLink to={backHref} className="mt-8">
        Ir a la biblioteca
      </ButtonLink>
    </section>
  );
}

/** The frame of the upload page: a width that reads well and fits 360 px. */
export function UploadPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-3 py-5 sm:gap-6 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
          {title}
        </h1>
        {intro ? <div className="text-base text-slate-700">{intro}</div> : null}
      </header>
      {children}
    </div>
  );
}

import { ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';

/** What a projects screen shows when the platform has the projects feature switched off. */
export function ProjectsDisabled() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-10 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Proyectos</h1>
      <Alert>Los proyectos no están disponibles en esta plataforma.</Alert>
      <ButtonLink to="/" variant="secondary" className="self-start">
        Volver al inicio
      </ButtonLink>
    </div>
  );
}

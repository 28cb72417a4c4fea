import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { NotFoundRoute } from './not-found';

/** Shown when a route throws while rendering or loading: a way out instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main>
        <NotFoundRoute />
      </main>
    );
  }
  console.error(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-6 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Algo ha ido mal</h1>
      <p className="mt-4 text-base leading-7 text-slate-600">
        Ha ocurrido un error inesperado. Vuelve a cargar la página para intentarlo de nuevo.
      </p>
      <button
        type="button"
        className={buttonClasses('primary', 'mt-8')}
        onClick={() => window.location.reload()}
      >
        Recargar la página
      </button>
    </main>
  );
}

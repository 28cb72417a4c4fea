import { Spinner } from './spinner';

interface LoadingStatusProps {
  /** Text read and shown; spec §8 uses "Cargando..." for every loading state. */
  label?: string;
  /** Centre it on the whole screen (first load) instead of in its container. */
  fullScreen?: boolean;
}

/** A loading indicator that screen readers announce (role=status is a polite live region). */
export function LoadingStatus({ label = 'Cargando...', fullScreen = false }: LoadingStatusProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        fullScreen
          ? 'flex min-h-dvh items-center justify-center gap-3 text-slate-700'
          : 'flex items-center justify-center gap-3 py-12 text-slate-700'
      }
    >
      <Spinner />
      <span className="text-base font-medium">{label}</span>
    </div>
  );
}

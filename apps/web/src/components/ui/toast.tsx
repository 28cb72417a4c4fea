import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

export type ToastTone = 'success' | 'error';

/**
 * sonner and the toaster's look load once the page works (ADR 0060): no page needs them to be
 * seen, and every first visit would otherwise download them with the entry.
 */
const ToasterView = lazy(() => import('./toaster-view'));

/** The one place confirmations appear. Mounted once, in the app's providers. */
export function Toaster() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}

/**
 * THE way to confirm that an action happened (saved, removed, withdrawn, marked read): a toast
 * that is seen and announced alike (ADR 0035). Errors about a field stay next to the field; a
 * toast carries only what has no place of its own on the screen. A toast made before the toaster
 * has loaded is shown when it arrives: sonner replays the active toasts to a new toaster.
 */
export function showToast(message: string, tone: ToastTone = 'success') {
  import('sonner')
    .then(({ toast }) => {
      if (tone === 'error') toast.error(message);
      else toast.success(message);
    })
    .catch((error: unknown) => {
      console.error('the toaster could not be loaded', error);
    });
}

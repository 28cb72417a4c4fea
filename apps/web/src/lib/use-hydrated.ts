import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the page is drawn on the server and during the browser's first render of that page
 * (hydration, ADR 0060); true from then on, and at once for a page the browser draws itself.
 * What must not work from the server's HTML alone (a form submitted natively, with its fields in
 * the address) waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

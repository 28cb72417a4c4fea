import { useState, useSyncExternalStore, type MouseEvent } from 'react';
import type * as HeaderWidgetsModule from '../components/header-widgets';

/**
 * The header's dropdowns and side menu are Headless UI widgets (menus, popovers, a dialog), and
 * Headless UI is a fifth of the entry every page would otherwise download (ADR 0061). They load
 * when a person shows the intent to use one (pointer over, focus, touch, or a click) or, for a
 * signed-in person, as soon as the header is shown. Until then the header draws look-alike
 * buttons, which is also what the server draws (ADR 0060).
 */
type HeaderWidgets = typeof HeaderWidgetsModule;

let widgets: HeaderWidgets | null = null;
let loading: Promise<HeaderWidgets> | null = null;
const listeners = new Set<() => void>();

export function loadHeaderWidgets(): Promise<HeaderWidgets> {
  loading ??= import('../components/header-widgets').then(
    (module) => {
      widgets = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // A failed download (offline for a moment) is tried again at the next intent.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Starts loading the widgets, for event handlers: a failure is only reported. */
export function preloadHeaderWidgets(): void {
  loadHeaderWidgets().catch((error: unknown) => {
    console.error('the header menus could not be loaded', error);
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The widgets once loaded, otherwise null. Hydration reads null, as the server drew (the
 * look-alike buttons), and the page changes to the widgets right after if they were loaded.
 */
export function useHeaderWidgets(): HeaderWidgets | null {
  return useSyncExternalStore(
    subscribe,
    () => widgets,
    () => null,
  );
}

/**
 * How a look-alike button was pressed before its widget was there: false (it was not), with a
 * pointer, or from the keyboard (a click without a pointer, `detail` 0).
 */
export type OpenIntent = false | 'pointer' | 'keyboard';

/** The handlers that show intent on a look-alike button: the widgets start loading. */
export const INTENT_HANDLERS = {
  onPointerEnter: preloadHeaderWidgets,
  onFocus: preloadHeaderWidgets,
  onTouchStart: preloadHeaderWidgets,
} as const;

/**
 * What a look-alike button needs: the widgets once loaded (then the real widget is drawn), how
 * the button was pressed before that (for the widget's `openOnMount`), and the button's handlers.
 */
export function useLookAlike() {
  const widgets = useHeaderWidgets();
  const [openIntent, setOpenIntent] = useState<OpenIntent>(false);
  const buttonProps = {
    ...INTENT_HANDLERS,
    onClick: (event: MouseEvent) => {
      // A click without a pointer (`detail` 0) comes from the keyboard: Enter or Space.
      setOpenIntent(event.detail === 0 ? 'keyboard' : 'pointer');
      preloadHeaderWidgets();
    },
  };
  return { widgets, openIntent, buttonProps };
}

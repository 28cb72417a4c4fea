import { useEffect, useRef } from 'react';
import type { FormItem, FormValue, FormValues } from '../types';
import { parentKeyOf, parentNames, settleDependent } from './dependencies';

function sameValue(a: FormValue, b: FormValue): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * Spec §4 Dependent select, for the whole form: whenever the parents of a dependent item hold new
 * values (and once when the form opens), the item keeps only the choices still offered and takes
 * the only real option when there is exactly one. It runs for every step, shown or not, so a
 * degree on step 2 follows a campus changed on step 1. An answer that arrives after the parents
 * changed again is dropped.
 */
export function useDependencies(
  items: readonly FormItem[],
  values: FormValues,
  apply: (item: FormItem, value: FormValue) => void,
  latestValues: () => FormValues,
) {
  const handled = useRef(new Map<string, string>());
  const running = useRef(new Map<string, AbortController>());

  useEffect(() => {
    for (const item of items) {
      if (parentNames(item).length === 0) continue;
      const key = parentKeyOf(item, values);
      if (handled.current.get(item.value) === key) continue;
      handled.current.set(item.value, key);
      running.current.get(item.value)?.abort();
      const controller = new AbortController();
      running.current.set(item.value, controller);
      void settleDependent(item, values, controller.signal).then((settle) => {
        if (!settle || controller.signal.aborted) return;
        const current = latestValues()[item.value];
        const next = settle(current);
        if (!sameValue(next, current)) apply(item, next);
      });
    }
  }, [items, values, apply, latestValues]);

  useEffect(() => {
    const controllers = running.current;
    return () => {
      for (const controller of controllers.values()) controller.abort();
    };
  }, []);
}

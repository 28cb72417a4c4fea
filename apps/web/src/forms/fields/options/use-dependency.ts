import { useEffect, useMemo, useRef } from 'react';
import type { FieldProps, FormItem, FormOption, FormValue, FormValues } from '../../types';
import { keepValid, onlyRealOption, selectedValues, OTHER_OPTION } from './option-utils';

/** The names of the items this item depends on (spec §4 Dependent select). */
export function parentNames(item: FormItem): string[] {
  const { dependency } = item;
  if (!dependency) return [];
  return [...(dependency.value ? [dependency.value] : []), ...(dependency.values ?? [])];
}

/** A key that changes exactly when one of the parents' values changes. */
export function parentKeyOf(item: FormItem, values: FormValues): string {
  return JSON.stringify(parentNames(item).map((name) => values[name] ?? null));
}

/** The static options still offered given the parents' values (the dependency's filter). */
export function offeredOptions(item: FormItem, values: FormValues): FormOption[] {
  const options = item.options ?? [];
  const filter = item.dependency?.filter;
  return filter ? options.filter((option) => filter(option, values)) : options;
}

function sameValue(a: FormValue, b: FormValue): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The value holding only `option`: a list for a multiple field, the string otherwise. */
function pick(option: string, isMultiple: boolean): FormValue {
  return isMultiple ? [option] : option;
}

/**
 * Spec §4 "Dependent select": when a parent's value changes, drop the selections that are no longer
 * offered and, when exactly one real option is left and nothing is chosen, choose it.
 * Static options are checked directly; async ones (`getOptions`) are asked for: the first page
 * without search, and each kept value by its name when there are more pages.
 */
export function useDependency(
  { item, value, values, onChange }: FieldProps,
  isMultiple: boolean,
  staticOptions: FormOption[] | undefined,
) {
  const parentKey = parentKeyOf(item, values);
  const isDependent = parentNames(item).length > 0;
  const lastKey = useRef<string | null>(null);
  // Read the latest value and callbacks inside the effects without making them re-run on each.
  const latest = useRef({ value, values, onChange });
  useEffect(() => {
    latest.current = { value, values, onChange };
  });

  const staticKey = useMemo(() => JSON.stringify(staticOptions ?? null), [staticOptions]);

  useEffect(() => {
    if (!isDependent) return;
    const parentChanged = lastKey.current !== null && lastKey.current !== parentKey;
    lastKey.current = parentKey;
    const { value: current, onChange: change } = latest.current;

    const settle = (options: FormOption[], isComplete: boolean, kept: FormValue) => {
      let next = parentChanged && isComplete ? keepValid(kept, options) : kept;
      const only = isComplete ? onlyRealOption(options) : undefined;
      if (only && selectedValues(next).length === 0) next = pick(only.value, isMultiple);
      if (!sameValue(next, current)) change(next);
    };

    if (staticOptions) {
      settle(staticOptions, true, current);
      return;
    }
    const { getOptions } = item;
    if (!getOptions) return;
    const controller = new AbortController();
    const { signal } = controller;
    const ask = (search: string) =>
      getOptions({ search, page: 1, values: latest.current.values, signal });
    void (async () => {
      try {
        const first = await ask('');
        if (signal.aborted) return;
        if (!first.hasMore || !parentChanged) {
          settle(first.options, !first.hasMore, current);
          return;
        }
        // More than a page: look each chosen value up by its name.
        const chosen = selectedValues(current).filter((v) => v !== OTHER_OPTION);
        const found = await Promise.all(chosen.map((v) => ask(v)));
        if (signal.aborted) return;
        const stillOffered = found.flatMap((page) => page.options);
        settle(first.options, false, keepValid(current, stillOffered));
      } catch (error) {
        if (signal.aborted) return;
        console.error('No se pudieron comprobar las opciones dependientes', error);
      }
    })();
    return () => controller.abort();
    // staticKey stands for staticOptions (a new array each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isDependent, parentKey, staticKey, item.getOptions, isMultiple]);

  return parentKey;
}

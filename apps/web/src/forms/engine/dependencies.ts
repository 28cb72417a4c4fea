import type { FormItem, FormOption, FormOptionGroup, FormValue, FormValues } from '../types';
import {
  isOptionGroup,
  keepValid,
  onlyRealOption,
  optionValue,
  OTHER_OPTION,
  selectedValues,
} from '../fields/options/option-utils';

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

/**
 * The static entries still offered given the parents' values (the dependency's filter), groups
 * kept with their offered options; a group left empty goes.
 */
export function offeredEntries(
  item: FormItem,
  values: FormValues,
): (FormOption | FormOptionGroup)[] {
  const filter = item.dependency?.filter;
  const entries = item.options ?? [];
  if (!filter) return entries;
  return entries.flatMap((entry): (FormOption | FormOptionGroup)[] => {
    if (!isOptionGroup(entry)) return filter(entry, values) ? [entry] : [];
    const options = entry.options.filter((option) => filter(option, values));
    return options.length > 0 ? [{ ...entry, options }] : [];
  });
}

/** The static options still offered given the parents' values, groups flattened. */
export function offeredOptions(item: FormItem, values: FormValues): FormOption[] {
  return offeredEntries(item, values).flatMap((entry) =>
    isOptionGroup(entry) ? entry.options : [entry],
  );
}

/** The value holding only `option`: a list for a multiple field, the string otherwise. */
function pick(option: string, isMultiple: boolean): FormValue {
  return isMultiple ? [option] : option;
}

const MULTIPLE_TYPES: readonly FormItem['type'][] = ['multiple', 'dynamicComboboxMultiple'];

/**
 * What a dependent item's value becomes once its parents hold `values` (spec §4 Dependent select):
 * a function of the item's value at the time it is applied (the user may have chosen meanwhile).
 * It keeps only the choices still offered ("Otra" always is) and, when nothing is left and
 * exactly one real option exists, picks it. Static options are checked at once; an async source
 * is asked for the chosen values (`chosen`) and, when none of them remains, for its first page.
 * Undefined when the source could not answer: the value stays as it is.
 */
export async function settleDependent(
  item: FormItem,
  values: FormValues,
  signal: AbortSignal,
): Promise<((current: FormValue) => FormValue) | undefined> {
  const isMultiple = MULTIPLE_TYPES.includes(item.type);
  const withOnlyOption = (kept: FormValue, options: readonly FormOption[] | undefined) => {
    const only = options ? onlyRealOption(options) : undefined;
    return only && selectedValues(kept).length === 0 ? pick(only.value, isMultiple) : kept;
  };

  const { getOptions } = item;
  if (!getOptions) {
    const options = offeredOptions(item, values);
    return (current) => withOnlyOption(keepValid(current, options), options);
  }

  const asked = selectedValues(values[item.value]).filter((value) => value !== OTHER_OPTION);
  try {
    const stillOffered =
      asked.length === 0
        ? new Set<string>()
        : new Set(
            (await getOptions({ search: '', page: 1, values, chosen: asked, signal })).options.map(
              optionValue,
            ),
          );
    const anyKept = asked.some((value) => stillOffered.has(value));
    const first = anyKept ? undefined : await getOptions({ search: '', page: 1, values, signal });
    // Only a complete list can tell that its option is the only one.
    const candidates = first && !first.hasMore ? first.options : undefined;
    return (current) => {
      // A value chosen after the question was asked comes from what is offered now: it stays.
      const kept = keepValid(
        current,
        selectedValues(current).filter(
          (value) => !asked.includes(value) || stillOffered.has(value),
        ),
      );
      return withOnlyOption(kept, candidates);
    };
  } catch (error) {
    if (!signal.aborted) console.error('No se pudieron comprobar las opciones dependientes', error);
    return undefined;
  }
}

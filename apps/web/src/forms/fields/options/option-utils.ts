import type { FormOption, FormOptionGroup, FormValue } from '../../types';

/** Spec §4 "Other option": the option appended to every option list. Its value is this string. */
export const OTHER_OPTION = 'Otra';

/** Spec §9: options per page of an async source. */
export const OPTIONS_PAGE_SIZE = 10;
/** Spec §9: the next page loads when the list is scrolled within this many pixels of its bottom. */
export const NEXT_PAGE_THRESHOLD_PX = 100;
/** Spec §9: the most a dropdown's list is high. */
export const DROPDOWN_MAX_HEIGHT_PX = 300;
/** Spec §9: a combobox closes this long after it loses focus. */
export const CLOSE_AFTER_BLUR_MS = 250;
/** How long typing must pause before an async search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Spec §8 texts. */
export const TEXTS = {
  loading: 'Cargando...',
  empty: 'No se encontraron resultados',
  placeholder: 'Selecciona una opción',
} as const;

/** An option with its value and label resolved (a plain string is both). */
export interface NormalizedOption {
  value: string;
  label: string;
  description?: string;
}

/** Whether an entry of `item.options` is a headed group rather than an option. */
export function isOptionGroup(entry: FormOption | FormOptionGroup): entry is FormOptionGroup {
  return typeof entry === 'object' && 'options' in entry;
}

/** The options of a list whose entries may be groups, in order. */
export function flattenOptions(entries: readonly (FormOption | FormOptionGroup)[]): FormOption[] {
  return entries.flatMap((entry) => (isOptionGroup(entry) ? entry.options : [entry]));
}

/** Spec §3: an option is a string (its own value and label) or `{value, label}`. */
export function normalizeOption(option: FormOption): NormalizedOption {
  return typeof option === 'string' ? { value: option, label: option } : option;
}

export function optionValue(option: FormOption): string {
  return typeof option === 'string' ? option : option.value;
}

export function isOtherOption(option: FormOption): boolean {
  return optionValue(option) === OTHER_OPTION;
}

/** Appends "Otra" (spec §4: always appended), never twice, and always last. */
export function withOther(options: readonly FormOption[]): NormalizedOption[] {
  const real = options.filter((option) => !isOtherOption(option)).map(normalizeOption);
  return [...real, { value: OTHER_OPTION, label: OTHER_OPTION }];
}

/**
 * Spec §4 "Dependent select": what remains of `value` once the options are `options`. "Otra" stays
 * valid (it is always offered). A single value that is no longer offered becomes undefined; a list
 * keeps its still-offered members in order.
 */
export function keepValid(value: FormValue, options: readonly FormOption[]): FormValue {
  const offered = new Set(options.map(optionValue));
  offered.add(OTHER_OPTION);
  if (Array.isArray(value)) return value.filter((v) => offered.has(v));
  if (typeof value === 'string') return offered.has(value) ? value : undefined;
  return value;
}

/** Spec §4: the option to pick automatically when exactly one real (non-"Otra") option exists. */
export function onlyRealOption(options: readonly FormOption[]): NormalizedOption | undefined {
  const real = options.filter((option) => !isOtherOption(option));
  return real.length === 1 ? normalizeOption(real[0]!) : undefined;
}

/** Folds case and accents, so "cadiz" finds "Cádiz" (the same rule as the catalogue API). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** The options whose label contains `search` (case and accents ignored). */
export function filterOptions(
  options: readonly NormalizedOption[],
  search: string,
): NormalizedOption[] {
  const needle = foldText(search);
  if (needle === '') return [...options];
  return options.filter((option) => foldText(option.label).includes(needle));
}

/** The selected values of a field as a list (a multiple field holds a list, others one string). */
export function selectedValues(value: FormValue): string[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value !== '') return [value];
  return [];
}

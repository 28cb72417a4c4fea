import type { ReactNode } from 'react';

/**
 * The dynamic form engine's contract (spec §3 "Form item definition"): every form of the product is
 * a list of these items. The engine (forms/engine) validates and renders them; each item type has a
 * renderer in forms/fields.
 */

/** Spec §3: the 15 item types. */
export const FORM_ITEM_TYPES = [
  'text',
  'textarea',
  'information',
  'select',
  'dynamicCombobox',
  'dynamicComboboxMultiple',
  'combobox',
  'multiple',
  'competence',
  'file',
  'date',
  'month',
  'checkbox',
  'number',
  'phone',
] as const;
export type FormItemType = (typeof FORM_ITEM_TYPES)[number];

/** An option of a select, combobox or multiple; a plain string is its own value and label. */
export type FormOption = string | { value: string; label: string; description?: string };

/**
 * Options under a heading (spec §9 interest themes and their sub-tags): a `multiple` shows each
 * group as its own fieldset named by `label`, a `select` as an optgroup; the value is still one
 * option's value.
 */
export interface FormOptionGroup {
  label: string;
  options: FormOption[];
}

/** A value a form holds for one item. Files are uploaded first and held as their media reference. */
export type FormValue =
  | string
  | number
  | boolean
  | string[]
  | { id: number; name: string; size: number; url?: string }
  | null
  | undefined;

/** All values of a form, by item `value` (the field name). */
export type FormValues = Record<string, FormValue>;

/** One page of options from an async source (spec §9: 10 per page). */
export interface OptionsPage {
  options: FormOption[];
  /** Whether another page follows. */
  hasMore: boolean;
}

/**
 * Asks an async source for a page of options matching `search`, given the form's current values.
 * With `chosen`, it answers only those of the given values that it offers for these values, in one
 * page: how a field finds the labels of what is chosen and whether it is still offered after a
 * parent changed (spec §4 Dependent select).
 */
export type GetOptions = (args: {
  search: string;
  page: number;
  values: FormValues;
  chosen?: readonly string[];
  signal?: AbortSignal;
}) => Promise<OptionsPage>;

export interface FormItem {
  type: FormItemType;
  /** The field name: the key of its value in FormValues. */
  value: string;
  label?: ReactNode;
  sublabel?: ReactNode;
  sublabelExtension?: ReactNode;
  tooltip?: ReactNode;
  icon?: ReactNode;
  placeholder?: string;
  /** Spec §5: every field is required unless optional; information items never are. */
  optional?: boolean;
  /** Initial value when the form has none. */
  default?: FormValue;
  defaultValue?: FormValue;
  /** The options, or some of them in headed groups (before the ungrouped ones). */
  options?: (FormOption | FormOptionGroup)[];
  /** Competence: the scale's points (0-6) or labels. */
  values?: FormOption[];
  /** Extra text per option value (shown with the option). */
  extraOptionsInfo?: Record<string, ReactNode>;
  /** A regular expression the text must match ("Formato no válido."). */
  pattern?: string | RegExp;
  /** Text: maximum length ("Longitud máxima alcanzada."); multiple: maximum selections. */
  maxLength?: number;
  /**
   * Number: the values allowed, both ends included (0 and up when not given, spec §5), and
   * whether only whole numbers are; the API's bound of the same field, from the shared contract.
   */
  range?: { min: number; max: number; integer?: boolean };
  /**
   * Spec §4 Dependent select: the item depends on other items' values; its options are filtered by
   * them, and after a parent changes only still-valid values are kept.
   */
  dependency?: {
    value?: string;
    values?: string[];
    /** Whether an option remains valid given the parents' values. */
    filter?: (option: FormOption, values: FormValues) => boolean;
  };
  /** "Otra" and similar: choosing one of `options` reveals the nested `field`. */
  extension?: { options: string[]; field: FormItem };
  /** Async options (dynamic comboboxes on the catalogue calls). */
  getOptions?: GetOptions;
  /** Shown only when this answers true for the current values (spec §4 Form steps). */
  condition?: (values: FormValues) => boolean;
  footer?: ReactNode;
  /** File: allowed extensions (spec §5 list by default). */
  allowedTypes?: string[];
  /** How a stored value is shown (e.g. a relation's name). */
  displayValue?: (value: FormValue) => string;
  /** Steps: the step (1-based) this item belongs to. */
  step?: number;
}

/** What every field renderer receives from the engine. */
export interface FieldProps {
  item: FormItem;
  value: FormValue;
  /** All values, for dependencies and conditions. */
  values: FormValues;
  onChange: (value: FormValue) => void;
  /** The field was left; renderers that bind it to an input pass the focus event on. */
  onBlur: (event?: { relatedTarget?: EventTarget | null }) => void;
  /** The field's current error (spec §5 texts), if any. */
  error?: string;
  /** Id of the control, for the label's htmlFor; ids of error/description derive from it. */
  id: string;
}

import { createElement } from 'react';
import type { FieldProps } from '../../types';
import { ComboboxField } from './combobox-field';
import { MultipleField } from './multiple-field';
import { SelectField } from './select-field';

export {
  OTHER_OPTION,
  keepValid,
  normalizeOption,
  onlyRealOption,
  withOther,
} from './option-utils';

/** The option-list item types (spec §3) this renderer handles. */
export const OPTION_FIELD_TYPES = [
  'select',
  'combobox',
  'dynamicCombobox',
  'dynamicComboboxMultiple',
  'multiple',
] as const;

/**
 * Renders an option-list item by its type: select, combobox, dynamicCombobox,
 * dynamicComboboxMultiple or multiple, with its label, hint and error (the engine's field shell).
 */
export function OptionField(props: FieldProps) {
  switch (props.item.type) {
    case 'select':
      return createElement(SelectField, props);
    case 'multiple':
      return createElement(MultipleField, props);
    case 'combobox':
    case 'dynamicCombobox':
      return createElement(ComboboxField, { ...props, isMultiple: false });
    case 'dynamicComboboxMultiple':
      return createElement(ComboboxField, { ...props, isMultiple: true });
    default:
      return null;
  }
}

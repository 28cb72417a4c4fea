import type { ComponentType } from 'react';
import type { FieldProps, FormItemType } from './types';
import { CheckboxField } from './fields/checkbox-field';
import { CompetenceField } from './fields/competence-field';
import { DateField } from './fields/date-field';
import { FileField } from './fields/file-field';
import { InformationField } from './fields/information-field';
import { MonthField } from './fields/month-field';
import { NumberField } from './fields/number-field';
import { OptionField } from './fields/options';
import { PhoneField } from './fields/phone-field';
import { TextField } from './fields/text-field';
import { TextareaField } from './fields/textarea-field';

/** The renderer of each of the 15 item types (spec §3). */
export const FIELD_RENDERERS: Record<FormItemType, ComponentType<FieldProps>> = {
  text: TextField,
  textarea: TextareaField,
  information: InformationField,
  select: OptionField,
  dynamicCombobox: OptionField,
  dynamicComboboxMultiple: OptionField,
  combobox: OptionField,
  multiple: OptionField,
  competence: CompetenceField,
  file: FileField,
  date: DateField,
  month: MonthField,
  checkbox: CheckboxField,
  number: NumberField,
  phone: PhoneField,
};

/** Renders one item with the renderer of its type. */
export function FormField(props: FieldProps) {
  const Renderer = FIELD_RENDERERS[props.item.type];
  return <Renderer {...props} />;
}

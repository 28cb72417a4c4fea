import { Description, Field, Input, Label } from '@headlessui/react';
import { useId } from 'react';
import { toSixDigitHex } from '../../lib/color';

interface ColorFieldProps {
  label: string;
  /** The text field's name (a form finds its field by it). */
  name?: string;
  hint: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}

/**
 * A brand colour: the browser's colour picker and the hex code side by side, both editing the same
 * value. The text field is the labelled one (it takes any #rgb or #rrggbb the API stores); the
 * picker has its own name, since it is a second control.
 */
export function ColorField({ label, name, hint, value, error, onChange, onBlur }: ColorFieldProps) {
  const pickerId = useId();
  const six = toSixDigitHex(value);
  return (
    <Field className="flex flex-col gap-1.5">
      <Label className="text-sm font-semibold text-slate-900">{label}</Label>
      <div className="flex items-center gap-2">
        <input
          id={pickerId}
          type="color"
          aria-label={`${label}: selector de color`}
          value={six ?? '#000000'}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          onBlur={onBlur}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-400 bg-white p-1"
        />
        <Input
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          invalid={error !== undefined}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          placeholder="#RRGGBB"
          className="block w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 font-mono text-base text-slate-900 uppercase placeholder:text-slate-500 data-[invalid]:border-red-700"
        />
      </div>
      <Description className="text-sm text-slate-600">{hint}</Description>
      {error ? (
        <Description className="text-sm font-medium text-red-700">{error}</Description>
      ) : null}
    </Field>
  );
}

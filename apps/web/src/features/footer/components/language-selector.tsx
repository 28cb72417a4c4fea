import { Field, Label, Select } from '@headlessui/react';
import type { FooterLanguageOption } from '../types';

interface LanguageSelectorProps {
  options: FooterLanguageOption[];
  value: string;
  onChange: (language: string) => void;
}

/**
 * The footer's language selector (spec §3 Footer content): every option listed, the disabled ones
 * disabled. What choosing does is decided in ADR 0015 (which footer links show).
 */
export function LanguageSelector({ options, value, onChange }: LanguageSelectorProps) {
  return (
    <Field className="flex flex-col gap-2">
      <Label className="text-sm font-semibold">Idioma</Label>
      <Select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full max-w-56 rounded-lg border border-on-footer/40 bg-white px-3 py-2 text-base text-slate-900"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled ?? false}>
            {option.label}
            {option.disabled ? ' (próximamente)' : ''}
          </option>
        ))}
      </Select>
    </Field>
  );
}

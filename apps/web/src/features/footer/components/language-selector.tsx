import { useId } from 'react';
import type { FooterLanguageOption } from '../types';

interface LanguageSelectorProps {
  options: FooterLanguageOption[];
  value: string;
  onChange: (language: string) => void;
}

/**
 * The footer's language selector (spec §3 Footer content): every option listed, the disabled ones
 * disabled. What choosing does is decided in ADR 0015 (which footer links show). A native select
 * with its label: the footer is on every first page, so it brings no widget library (ADR 0061).
 */
export function LanguageSelector({ options, value, onChange }: LanguageSelectorProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        Idioma
      </label>
      <select
        id={id}
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
      </select>
    </div>
  );
}

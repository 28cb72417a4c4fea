import { DEFAULT_PHONE_COUNTRY, PHONE_PLACEHOLDER, toE164Phone } from '@plataforma/shared';
import { useId, type ComponentType, type ReactNode } from 'react';
import PhoneNumberInput, { getCountryCallingCode, type Country } from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import es from 'react-phone-number-input/locale/es.json';
import 'react-phone-number-input/style.css';
import { cn } from '../../lib/cn';

/** The country select's name: es.json's "Número de teléfono del país" does not say what it is. */
const LABELS = { ...es, country: 'Prefijo del país' };

const BOX =
  'rounded-lg border border-slate-400 bg-white text-base text-slate-900 aria-[invalid=true]:border-red-700';

interface CountrySelectProps {
  value?: Country;
  onChange: (country?: Country) => void;
  options: { value?: Country; label: string; divider?: boolean }[];
  iconComponent: ComponentType<{ country?: Country; label: string }>;
  disabled?: boolean;
  readOnly?: boolean;
  'aria-label'?: string;
}

/**
 * The country as a flag and its calling code ("+34"), over a native select of every country by
 * its Spanish name and code (keyboard, screen readers and phones' own pickers know it).
 */
function CountrySelect({
  value,
  onChange,
  options,
  iconComponent: Icon,
  disabled,
  readOnly,
  'aria-label': ariaLabel,
}: CountrySelectProps) {
  const selected = options.find((option) => !option.divider && option.value === value);
  return (
    <div
      className={cn(
        BOX,
        'relative flex shrink-0 items-center gap-2 px-3 py-2 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-main',
      )}
    >
      <Icon country={value} label={selected?.label ?? ''} />
      <span aria-hidden="true" className="tabular-nums">
        {value ? `+${getCountryCallingCode(value)}` : '+'}
      </span>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-slate-600">
        <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
      </svg>
      <select
        aria-label={ariaLabel}
        value={value ?? 'ZZ'}
        disabled={disabled || readOnly}
        onChange={(event) =>
          onChange(event.target.value === 'ZZ' ? undefined : (event.target.value as Country))
        }
        className="absolute inset-0 size-full cursor-pointer opacity-0"
      >
        {options.map((option) =>
          option.divider ? (
            <option key="|" value="|" disabled>
              ──────────
            </option>
          ) : (
            <option key={option.value ?? 'ZZ'} value={option.value ?? 'ZZ'}>
              {option.value
                ? `${option.label} (+${getCountryCallingCode(option.value)})`
                : option.label}
            </option>
          ),
        )}
      </select>
    </div>
  );
}

/**
 * What the input is given: a stored phone in E.164; an older stored one brought to it; a number the
 * input is still being typed into ("+3461") kept as its digits, Spanish without a prefix.
 */
export function toInputValue(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const phone = toE164Phone(trimmed);
  if (phone) return phone;
  const digits = trimmed.replace(/\D/g, '');
  if (digits === '') return undefined;
  return trimmed.startsWith('+')
    ? `+${digits}`
    : `+${getCountryCallingCode(DEFAULT_PHONE_COUNTRY)}${digits}`;
}

export interface PhoneInputProps {
  id: string;
  /** The phone in E.164 ("+34612345678"), '' for none. */
  value: string;
  /** Called with the number in E.164 as it is typed ('' when emptied). */
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  placeholder?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
}

/**
 * A phone number with its country (spec §5, §9): Spain (+34) unless another is chosen or typed
 * with its prefix, formatted as the country writes it while typing, and given back in E.164, as
 * the API stores it (ADR 0034). react-phone-number-input with its bundled flags (nothing is loaded
 * from other sites) and Spanish country names.
 */
export function PhoneInput({
  id,
  value,
  onChange,
  onBlur,
  name,
  placeholder,
  ...aria
}: PhoneInputProps) {
  return (
    <PhoneNumberInput
      id={id}
      name={name}
      value={toInputValue(value)}
      onChange={(next) => onChange(next ?? '')}
      onBlur={onBlur}
      defaultCountry={DEFAULT_PHONE_COUNTRY}
      // A stored number is shown as its country writes it; the country shows beside it.
      initialValueFormat="national"
      countryOptionsOrder={[DEFAULT_PHONE_COUNTRY, '|', '...']}
      labels={LABELS}
      flags={flags}
      countrySelectComponent={CountrySelect}
      autoComplete="tel"
      placeholder={placeholder ?? PHONE_PLACEHOLDER}
      numberInputProps={{
        className: cn(
          BOX,
          'min-w-0 flex-1 px-3 py-2 placeholder:text-slate-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-main',
        ),
      }}
      className="gap-2"
      {...aria}
    />
  );
}

interface PhoneTextFieldProps extends Omit<PhoneInputProps, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string;
  isOptional?: boolean;
}

/** A labelled phone with its hint and error, as the text fields of `form.tsx` show them. */
export function PhoneTextField({ label, hint, error, isOptional, ...props }: PhoneTextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
        {isOptional ? <span className="font-normal text-slate-600"> (opcional)</span> : null}
      </label>
      <PhoneInput
        {...props}
        id={id}
        aria-invalid={error !== undefined ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

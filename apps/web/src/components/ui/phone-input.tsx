import { DEFAULT_PHONE_COUNTRY, PHONE_PLACEHOLDER, toE164Phone } from '@plataforma/shared';
import { useId, type ReactNode } from 'react';
import PhoneNumberInput, { getCountryCallingCode, type Country } from 'react-phone-number-input';
import es from 'react-phone-number-input/locale/es.json';
import 'react-phone-number-input/style.css';
import { cn } from '../../lib/cn';
import { FieldMessages } from './form';

/** The country select's name: es.json's "Número de teléfono del país" does not say what it is. */
const LABELS = { ...es, country: 'Prefijo del país' };

/**
 * Each country's flag as the address of its SVG file (country-flag-icons, 3x2), emitted with the
 * build and fetched only when shown: the flags as React components weigh half a megabyte in the
 * page's main script, and the library's default loads them from another site.
 */
const FLAG_URLS = new Map(
  Object.entries(
    import.meta.glob<string>('../../../../../node_modules/country-flag-icons/3x2/*.svg', {
      query: '?no-inline',
      import: 'default',
      eager: true,
    }),
  ).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1, -'.svg'.length), url]),
);

/** The flag of the chosen country, or a globe for "Internacional". */
function CountryFlag({ country }: { country?: Country }) {
  const url = country ? FLAG_URLS.get(country) : undefined;
  if (url) {
    return (
      <img
        src={url}
        alt=""
        width={24}
        height={16}
        className="h-4 w-6 rounded-sm shadow-xs ring-1 ring-slate-300"
      />
    );
  }
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-slate-600">
      <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm5.9 7.75h-2.67a13.6 13.6 0 0 0-1.07-4.86 7 7 0 0 1 3.74 4.86ZM10 3.06c.74.94 1.6 2.97 1.72 6.19H8.28C8.4 6.03 9.26 4 10 3.06ZM7.84 4.39a13.6 13.6 0 0 0-1.07 4.86H4.1a7 7 0 0 1 3.74-4.86ZM4.1 10.75h2.67c.1 1.88.47 3.55 1.07 4.86a7 7 0 0 1-3.74-4.86ZM10 16.94c-.74-.94-1.6-2.97-1.72-6.19h3.44c-.12 3.22-.98 5.25-1.72 6.19Zm2.16-1.33c.6-1.31.97-2.98 1.07-4.86h2.67a7 7 0 0 1-3.74 4.86Z" />
    </svg>
  );
}

const BOX =
  'rounded-lg border border-slate-400 bg-white text-base text-slate-900 aria-[invalid=true]:border-red-700';

interface CountrySelectProps {
  value?: Country;
  onChange: (country?: Country) => void;
  options: { value?: Country; label: string; divider?: boolean }[];
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
  disabled,
  readOnly,
  'aria-label': ariaLabel,
}: CountrySelectProps) {
  return (
    <div
      className={cn(
        BOX,
        'relative flex shrink-0 items-center gap-2 px-3 py-2 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-main',
      )}
    >
      <CountryFlag country={value} />
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
 * the API stores it (ADR 0034). react-phone-number-input with Spanish country names; the flags are
 * our own files (nothing is loaded from other sites).
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
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

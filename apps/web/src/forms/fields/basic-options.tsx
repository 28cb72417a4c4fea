import { useEffect, useState } from 'react';
import type { FieldProps, FormOption } from '../types';
import {
  describe,
  FieldError,
  FieldShell,
  hasHint,
  HintLine,
  INPUT_CLASSES,
  OptionalMark,
} from './field-shell';

/**
 * Fallback renderers for the option types (select, combobox, dynamicCombobox,
 * dynamicComboboxMultiple, multiple): a native <select> or a checkbox list. The full renderers live
 * in ./options (ADR 0019); form-field.tsx uses these only until that module exists.
 */

function toOption(option: FormOption): { value: string; label: string } {
  return typeof option === 'string' ? { value: option, label: option } : option;
}

/** Static options, or the first page of an async source. */
function useOptions({ item, values }: Pick<FieldProps, 'item' | 'values'>) {
  const [loaded, setLoaded] = useState<FormOption[]>();
  const { getOptions } = item;
  useEffect(() => {
    if (!getOptions) return;
    const controller = new AbortController();
    getOptions({ search: '', page: 1, values, signal: controller.signal })
      .then((page) => setLoaded(page.options))
      .catch(() => setLoaded([]));
    return () => controller.abort();
    // The first page only: searching and paging are the full renderers' job.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [getOptions]);
  const options = (getOptions ? (loaded ?? []) : (item.options ?? [])).map(toOption);
  const filter = item.dependency?.filter;
  return filter ? options.filter((option) => filter(option.value, values)) : options;
}

const MULTIPLE_TYPES = new Set(['multiple', 'dynamicComboboxMultiple']);

export function BasicOptionField(props: FieldProps) {
  const { item, value, onChange, onBlur, error, id } = props;
  const options = useOptions(props);
  if (MULTIPLE_TYPES.has(item.type)) {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="flex flex-col gap-1.5" {...describe(id, error, hasHint(item))}>
        <legend className="text-sm font-semibold text-slate-900">
          {item.label}
          <OptionalMark item={item} />
        </legend>
        <HintLine item={item} id={id} />
        {options.map((option, index) => (
          <label
            key={option.value}
            className="inline-flex items-center gap-2 text-sm text-slate-900"
          >
            <input
              id={index === 0 ? id : `${id}-${index}`}
              type="checkbox"
              className="size-4 accent-main"
              checked={chosen.includes(option.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...chosen, option.value]
                    : chosen.filter((v) => v !== option.value),
                )
              }
              onBlur={onBlur}
            />
            {option.label}
          </label>
        ))}
        {error ? <FieldError id={id} error={error} /> : null}
      </fieldset>
    );
  }
  return (
    <FieldShell item={item} id={id} error={error}>
      <select
        id={id}
        className={INPUT_CLASSES}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-required={!item.optional}
        {...describe(id, error, hasHint(item))}
      >
        <option value="">{item.placeholder ?? 'Selecciona una opción'}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

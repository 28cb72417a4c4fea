import { cn } from '../../lib/cn';
import type { FieldProps } from '../types';
import { describe, FieldShell, hasHint, INPUT_CLASSES } from './field-shell';

/** Spec §5 Textarea: 8 rows; a counter current/max when a maximum is set, red when exceeded. */
export function TextareaField({ item, value, onChange, onBlur, error, id }: FieldProps) {
  const text = typeof value === 'string' ? value : '';
  const counterId = `${id}-counter`;
  const isOver = item.maxLength !== undefined && text.length > item.maxLength;
  const described = describe(id, error, hasHint(item));
  return (
    <FieldShell
      item={item}
      id={id}
      error={error}
      after={
        item.maxLength !== undefined ? (
          <p
            id={counterId}
            data-testid="textarea-counter"
            className={cn(
              'self-end text-sm',
              isOver ? 'font-semibold text-red-700' : 'text-slate-600',
            )}
          >
            {text.length}/{item.maxLength}
          </p>
        ) : null
      }
    >
      <textarea
        id={id}
        rows={8}
        className={INPUT_CLASSES}
        value={text}
        placeholder={item.placeholder}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-required={!item.optional}
        {...described}
        aria-describedby={
          [described['aria-describedby'], item.maxLength !== undefined ? counterId : undefined]
            .filter(Boolean)
            .join(' ') || undefined
        }
      />
    </FieldShell>
  );
}

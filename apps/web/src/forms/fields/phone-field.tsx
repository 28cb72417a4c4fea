import type { FieldProps, FormItem } from '../types';
import { PROFILE_PHONE_PATTERN } from '@plataforma/shared';
import { PhoneInput } from '../../components/ui/phone-input';
import { describe, FieldShell, hasHint } from './field-shell';

/**
 * Spec §5: in profile forms the phone is asked only when the user has no phone yet, with the
 * profile pattern (optional +prefix, optional (area code), 1 to 15 digits, spaces, dots, dashes).
 */
export function askPhoneWhenMissing(
  item: FormItem,
  userPhone: string | null | undefined,
): FormItem {
  const hasPhone = typeof userPhone === 'string' && userPhone.trim() !== '';
  return {
    ...item,
    pattern: item.pattern ?? PROFILE_PHONE_PATTERN,
    condition: (values) => !hasPhone && (item.condition ? item.condition(values) : true),
  };
}

/**
 * A telephone number with its country, Spain (+34) by default (spec §5, §9); the value is the
 * number in E.164 as it is typed, and the placeholder "(+XX) XXXXXXXXX" (spec §5).
 */
export function PhoneField({ item, value, onChange, onBlur, error, id }: FieldProps) {
  return (
    <FieldShell item={item} id={id} error={error}>
      <PhoneInput
        id={id}
        value={typeof value === 'string' ? value : ''}
        placeholder={item.placeholder}
        onChange={onChange}
        onBlur={onBlur}
        aria-required={!item.optional}
        {...describe(id, error, hasHint(item))}
      />
    </FieldShell>
  );
}

import { useId, type Ref } from 'react';
import { REJECTION_REASON_MAX_LENGTH } from '@plataforma/shared';

/** How long a reason may be (its reader gets it in an email); the API holds it to the same. */
export const REASON_MAX_LENGTH = REJECTION_REASON_MAX_LENGTH;
/** The error of an empty reason (the API says the same: "Indica el motivo del rechazo"). */
export const REASON_REQUIRED = 'Indica el motivo del rechazo';

/**
 * "Motivo del rechazo": the required reason of a rejection dialog (a project, a final work). The
 * error is announced when it appears; the dialog puts the focus here with `ref`.
 */
export function ReasonField({
  value,
  error,
  onChange,
  ref,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        Motivo del rechazo
      </label>
      <textarea
        id={id}
        ref={ref}
        rows={5}
        maxLength={REASON_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

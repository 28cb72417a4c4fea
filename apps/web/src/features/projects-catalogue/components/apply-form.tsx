import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { SubmissionStatus } from '../../../components/ui/submission-status';
import { FieldShell, describe, hasHint, INPUT_CLASSES } from '../../../forms/fields/field-shell';
import { FileField } from '../../../forms/fields/file-field';
import { TextField } from '../../../forms/fields/text-field';
import { TextareaField } from '../../../forms/fields/textarea-field';
import type { FormItem, FormValue } from '../../../forms/types';
import { useCreateApplication } from '../../../entities/application/api/create-application';
import { isTransient } from '../../../lib/api-client';
import type { Call } from '../types';
import { callLabel, groupCalls } from '../utils/call-options';
import {
  ANSWER_MAX_LENGTH,
  chosenCall,
  emptyApplyForm,
  needsDni,
  toApplyBody,
  validateApplyForm,
  type ApplyErrors,
  type ApplyField,
  type ApplyFormValues,
  type UploadedCv,
} from '../utils/apply-form';

/** The questions, as items of the form engine (their renderers give labels, hints and errors). */
const ITEMS = {
  cvFile: {
    type: 'file',
    value: 'cvFile',
    label: 'Tu CV en PDF',
    allowedTypes: ['pdf'],
  },
  cvUrl: {
    type: 'text',
    value: 'cvUrl',
    label: 'Enlace a tu CV',
    sublabel: 'Por ejemplo, tu perfil de LinkedIn o un documento compartido.',
    placeholder: 'https://',
  },
  video: {
    type: 'text',
    value: 'video',
    label: 'Vídeo de presentación',
    sublabel: 'Un enlace a un vídeo corto (YouTube, Vimeo, Drive…) contando quién eres.',
    placeholder: 'https://',
    optional: true,
  },
  interest: {
    type: 'textarea',
    value: 'interest',
    label: '¿Qué te interesa de este proyecto?',
    maxLength: ANSWER_MAX_LENGTH,
  },
  motivation: {
    type: 'textarea',
    value: 'motivation',
    label: '¿Qué te motiva a participar?',
    maxLength: ANSWER_MAX_LENGTH,
  },
  goodCandidate: {
    type: 'textarea',
    value: 'goodCandidate',
    label: '¿Por qué eres un buen candidato o candidata?',
    maxLength: ANSWER_MAX_LENGTH,
  },
  availability: {
    type: 'textarea',
    value: 'availability',
    label: 'Disponibilidad',
    sublabel: 'Cuándo puedes empezar y cuántas horas a la semana puedes dedicarle.',
    maxLength: ANSWER_MAX_LENGTH,
  },
  dni: {
    type: 'text',
    value: 'dni',
    label: 'DNI o NIE',
    sublabel: 'Esta convocatoria lo pide para tramitar tu participación.',
    placeholder: '12345678Z',
  },
} satisfies Record<string, FormItem>;

const FIELD_ORDER: ApplyField[] = [
  'cvFile',
  'cvUrl',
  'video',
  'interest',
  'motivation',
  'goodCandidate',
  'availability',
  'callId',
  'dni',
];

/** A call told apart from the others of the same name by its degrees and period. */
function CallOption({ call }: { call: Call }) {
  return <option value={String(call.id)}>{callLabel(call)}</option>;
}

const NO_CALLS: ReadonlySet<number> = new Set();

function isUploadedCv(value: FormValue): value is UploadedCv {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'id' in value;
}

interface ApplyFormProps {
  projectId: number;
  studentId: number;
  calls: Call[];
  /** The calls of the student's degree, offered first. */
  ownCallIds?: ReadonlySet<number>;
  /** Called once the application is stored. */
  onApplied: () => void;
}

/**
 * The application to a project (contract issue 6): the CV as an uploaded PDF or a link, an
 * optional video, four answers, the call and, when that call requires it, the DNI. Every problem
 * is shown at once after "Enviar candidatura" and the focus goes to the first one; the API's own
 * refusal (deadline, repeated application…) is shown as it says it. A full API or a lost
 * connection is tried again with the same key, said beside the button, and the answers stay as
 * they are whatever happens (ADR 0070).
 */
export function ApplyForm({
  projectId,
  studentId,
  calls,
  ownCallIds = NO_CALLS,
  onApplied,
}: ApplyFormProps) {
  const formId = useId().replace(/:/g, '');
  const [values, setValues] = useState<ApplyFormValues>(emptyApplyForm);
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const create = useCreateApplication(onApplied);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const idOf = (field: string) => `${formId}-${field}`;
  // Spec §5: forms validate on change, once the user has tried to send. The errors follow from
  // the values of this render rather than being stored beside them.
  const errors: ApplyErrors = wasSubmitted ? validateApplyForm(values, calls) : {};

  /**
   * Every change is applied to the values as they are when it lands, never to the snapshot of the
   * render that started it: the CV upload answers seconds after it began, and whatever was typed
   * meanwhile must stay (nothing a student typed is discarded).
   */
  function change<K extends keyof ApplyFormValues>(field: K, value: ApplyFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (create.isPending) return;
    setWasSubmitted(true);
    const found = validateApplyForm(values, calls);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`#${idOf(first)}`)?.focus();
      return;
    }
    // The same answers make the same body, hence the same key: sending again after the retries
    // ran out repeats this application rather than making a second one (ADR 0070).
    // A transient failure is said, and focused, beside the button (SubmissionStatus).
    create.mutate(toApplyBody(values, { studentId, projectId, calls }), {
      onError: (error) => {
        if (!isTransient(error)) errorRef.current?.focus();
      },
    });
  }

  const textProps = (
    field: 'cvUrl' | 'video' | 'dni' | 'interest' | 'motivation' | 'goodCandidate' | 'availability',
  ) => ({
    item: ITEMS[field],
    id: idOf(field),
    value: values[field],
    values: {},
    error: errors[field],
    onBlur: () => {},
    onChange: (value: FormValue) => change(field, typeof value === 'string' ? value : ''),
  });

  const callItem: FormItem = {
    type: 'select',
    value: 'callId',
    label: 'Convocatoria',
    sublabel: 'Si te inscribes dentro de una convocatoria de tu universidad, elígela.',
    optional: true,
  };

  const chosen = chosenCall(values, calls);
  const described = describe(idOf('callId'), errors.callId, hasHint(callItem));
  // The chosen call in full under the select, whose closed box may cut its label on a phone.
  const callDescription = {
    ...described,
    'aria-describedby':
      [described['aria-describedby'], chosen ? idOf('callId-chosen') : undefined]
        .filter(Boolean)
        .join(' ') || undefined,
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-6">
      <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-base font-bold text-slate-900">Tu currículum</legend>
        <fieldset className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
          <legend className="mb-2 w-full text-sm font-semibold text-slate-900">
            ¿Cómo nos haces llegar tu CV?
          </legend>
          <label className="inline-flex items-center gap-2 text-sm text-slate-900">
            <input
              type="radio"
              name="cvMode"
              value="file"
              checked={values.cvMode === 'file'}
              onChange={() => change('cvMode', 'file')}
              className="size-4 accent-main"
            />
            Subir un PDF
          </label>
          <label className="inline-flex items-center gap-2 text-sm text-slate-900">
            <input
              type="radio"
              name="cvMode"
              value="url"
              checked={values.cvMode === 'url'}
              onChange={() => change('cvMode', 'url')}
              className="size-4 accent-main"
            />
            Indicar un enlace
          </label>
        </fieldset>
        {values.cvMode === 'file' ? (
          <FileField
            item={ITEMS.cvFile}
            id={idOf('cvFile')}
            value={values.cvFile ?? undefined}
            values={{}}
            error={errors.cvFile}
            onBlur={() => {}}
            onChange={(value) => change('cvFile', isUploadedCv(value) ? value : null)}
          />
        ) : (
          <TextField {...textProps('cvUrl')} />
        )}
        <TextField {...textProps('video')} />
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-base font-bold text-slate-900">Sobre ti y el proyecto</legend>
        <TextareaField {...textProps('interest')} />
        <TextareaField {...textProps('motivation')} />
        <TextareaField {...textProps('goodCandidate')} />
        <TextareaField {...textProps('availability')} />
      </fieldset>

      {calls.length > 0 ? (
        <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-base font-bold text-slate-900">Convocatoria</legend>
          <FieldShell
            item={callItem}
            id={idOf('callId')}
            error={errors.callId}
            after={
              chosen ? (
                <p id={idOf('callId-chosen')} className="text-sm text-slate-700">
                  {callLabel(chosen)}
                  {chosen.description ? <span className="block">{chosen.description}</span> : null}
                </p>
              ) : null
            }
          >
            <select
              id={idOf('callId')}
              value={values.callId}
              onChange={(event) => change('callId', event.target.value)}
              {...callDescription}
              className={INPUT_CLASSES}
            >
              <option value="">Ninguna</option>
              {groupCalls(calls, ownCallIds).map((group) =>
                group.label === null ? (
                  group.calls.map((call) => <CallOption key={call.id} call={call} />)
                ) : (
                  <optgroup key={group.label} label={group.label}>
                    {group.calls.map((call) => (
                      <CallOption key={call.id} call={call} />
                    ))}
                  </optgroup>
                ),
              )}
            </select>
          </FieldShell>
          {needsDni(values, calls) ? <TextField {...textProps('dni')} /> : null}
        </fieldset>
      ) : null}

      <div ref={errorRef} tabIndex={-1} className="focus:outline-none">
        {create.isError && !isTransient(create.error) ? (
          <Alert tone="error">{create.error.message}</Alert>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center justify-end gap-3">
        <SubmissionStatus
          retrying={create.retrying}
          failure={create.error}
          onTryAgain={() => submit()}
          className="grow basis-64"
        />
        <Button type="submit" isPending={create.isPending}>
          {create.isPending ? 'Enviando…' : 'Enviar candidatura'}
        </Button>
      </div>
    </form>
  );
}

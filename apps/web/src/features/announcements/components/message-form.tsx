import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { ANNOUNCEMENT_SUBJECT_MAX } from '@plataforma/shared';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/form';
import { Alert } from '../../../components/ui/alert';
import { MessagePopup } from '../../../components/ui/message-popup';
import { RichTextEditor } from '../../../components/ui/rich-text-editor';
import { Spinner } from '../../../components/ui/spinner';
import { SubmissionStatus } from '../../../components/ui/submission-status';
import { showToast } from '../../../components/ui/toast';
import { DateTimeField } from '../../../forms/fields/date-time-field';
import { ApiError, isTransient } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useRecipientsCount } from '../api/count-recipients';
import { useCreateAnnouncement } from '../api/create-announcement';
import type { Announcement, AudienceFilter } from '../types';
import { countOf, formatDateTime } from '../utils/delivery';
import { KIND_LABELS, KIND_ORDER } from '../utils/labels';
import {
  EMPTY_MESSAGE,
  MESSAGE_FIELDS,
  parseLocalDateTime,
  toAnnouncementInput,
  validateMessage,
  type MessageValues,
} from '../utils/message-form';

/** Quiet time after the audience changes before it is counted (one request per pause). */
export const COUNT_DEBOUNCE_MS = 500;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Who a count counts: "1 estudiante", "12 candidatos". */
export interface RecipientNoun {
  one: string;
  many: string;
}

interface MessageFormProps {
  /** The audience the controls in `audienceFields` make. */
  audience: AudienceFilter;
  /** Why the audience cannot be counted or sent yet (said where the count goes), if so. */
  audienceProblem?: string | null;
  noun: RecipientNoun;
  /** How the sender chooses the recipients, shown first, above the live count. */
  audienceFields: ReactNode;
  /** With the announcement the API answered (created, scheduled or sending). */
  onSent: (announcement: Announcement) => void;
  /** A "Cancelar" button that leaves without sending (the candidates' dialog). */
  onCancel?: () => void;
}

/**
 * The one message form of a communication (ADR 0046), the admins' composer's and the candidates
 * page's: the recipients (the caller's controls) with their live count, subject, rich text
 * message in the app's editor, kind of notice, now or at a time, a preview in the student's own
 * popup, and a confirmation that names how many will get it before anything is sent.
 */
export function MessageForm({
  audience,
  audienceProblem = null,
  noun,
  audienceFields,
  onSent,
  onCancel,
}: MessageFormProps) {
  const ids = useId();
  const [values, setValues] = useState<MessageValues>(EMPTY_MESSAGE);
  const [isSubmitted, setIsSubmitted] = useState(false);
  // A problem of the count found on sending, for the audience it was about.
  const [countProblem, setCountProblem] = useState<{ key: string; text: string } | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isPreviewing, setIsPreviewing] = useState(false);
  const create = useCreateAnnouncement();

  const audienceKey = JSON.stringify(audience);
  const countedKey = useDebounced(audienceKey, COUNT_DEBOUNCE_MS);
  const count = useRecipientsCount(countedKey, audienceProblem === null);
  const isCounted = countedKey === audienceKey && count.isSuccess && !count.isFetching;
  const recipients = isCounted ? count.data : null;

  const errors = validateMessage(values);
  const shown = isSubmitted ? errors : {};
  const set = <K extends keyof MessageValues>(key: K, value: MessageValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const fieldId = (field: (typeof MESSAGE_FIELDS)[number]) =>
    field === 'sendAt' ? `${ids}-sendAt-day` : `${ids}-${field}`;
  // The subject's input keeps the id its Field gives it (its label points there): it is found
  // through its wrapper.
  const focusField = (field: (typeof MESSAGE_FIELDS)[number]) =>
    (field === 'subject'
      ? document.getElementById(fieldId(field))?.querySelector('input')
      : document.getElementById(fieldId(field))
    )?.focus();
  const scheduledAt = values.when === 'later' ? parseLocalDateTime(values.sendAt) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    create.reset();
    const first = MESSAGE_FIELDS.find((field) => errors[field]);
    if (first) {
      focusField(first);
      return;
    }
    if (audienceProblem !== null) {
      document.getElementById(`${ids}-count`)?.focus();
      return;
    }
    if (recipients === null) {
      setCountProblem({
        key: audienceKey,
        text: count.isError
          ? 'Corrige los destinatarios: el servidor no ha podido contarlos.'
          : 'Espera a que termine el recuento de destinatarios.',
      });
      document.getElementById(`${ids}-count`)?.focus();
      return;
    }
    if (recipients === 0) {
      setCountProblem({ key: audienceKey, text: 'No llegaría a nadie: cambia los destinatarios.' });
      document.getElementById(`${ids}-count`)?.focus();
      return;
    }
    setIsConfirming(true);
  }

  function send() {
    create.mutate(toAnnouncementInput(values, audience), {
      onSuccess: (announcement) => {
        setIsConfirming(false);
        const subject = announcement.attributes.subject;
        showToast(
          announcement.attributes.status === 'scheduled' && scheduledAt
            ? `«${subject}» se enviará el ${formatDateTime(announcement.attributes.sendAt)}.`
            : `«${subject}» se está enviando.`,
        );
        onSent(announcement);
      },
      onError: (error) => {
        // A full API or a lost connection, after its retries: the dialog stays, says so, and its
        // button sends the same message again with the same key (ADR 0070).
        if (isTransient(error)) return;
        setIsConfirming(false);
        setTimeout(() => document.getElementById(`${ids}-failure`)?.focus(), 0);
      },
    });
  }

  const reach = recipients === null ? '' : countOf(recipients, noun.one, noun.many);
  const kindLabel = KIND_LABELS[values.kind];

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-8">
      <div id={`${ids}-failure`} tabIndex={-1} className="focus:outline-none">
        {create.isError && !isConfirming ? (
          <Alert tone="error">
            No se ha enviado:{' '}
            {create.error instanceof ApiError
              ? create.error.message
              : 'inténtalo de nuevo en unos minutos.'}
          </Alert>
        ) : null}
      </div>

      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-3 text-lg font-bold text-slate-900">Destinatarios</legend>
        {audienceFields}
        <div
          id={`${ids}-count`}
          tabIndex={-1}
          role="status"
          className={cn(
            'flex flex-col gap-1 rounded-lg border px-4 py-3 text-sm focus:outline-3 focus:outline-offset-2 focus:outline-main',
            audienceProblem === null && count.isError && countedKey === audienceKey
              ? 'border-red-300 bg-red-50 text-red-900'
              : 'border-slate-300 bg-slate-50 text-slate-900',
          )}
        >
          {audienceProblem !== null ? (
            <span className="font-semibold text-red-700">{audienceProblem}</span>
          ) : countedKey !== audienceKey ||
            count.isPending ||
            (count.isFetching && !count.isError) ? (
            <span className="flex items-center gap-2">
              <Spinner className="size-4" />
              Contando destinatarios…
            </span>
          ) : count.isError ? (
            <span className="flex flex-wrap items-center gap-3">
              <span>
                No se han podido contar los destinatarios:{' '}
                {count.error instanceof ApiError ? count.error.message : 'inténtalo de nuevo.'}
              </span>
              <Button variant="secondary" onClick={() => void count.refetch()}>
                Volver a contar
              </Button>
            </span>
          ) : count.data === 0 ? (
            <span className="font-semibold">Nadie cumple estos criterios ahora mismo.</span>
          ) : (
            <span>
              Llegará a <strong>{countOf(count.data, noun.one, noun.many)}</strong>.
            </span>
          )}
          {countProblem?.key === audienceKey ? (
            <span className="font-semibold text-red-700">{countProblem.text}</span>
          ) : null}
        </div>
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-5">
        <legend className="mb-3 text-lg font-bold text-slate-900">Mensaje</legend>
        <div id={fieldId('subject')}>
          <TextField
            label="Asunto"
            value={values.subject}
            maxLength={ANNOUNCEMENT_SUBJECT_MAX}
            autoComplete="off"
            onChange={(event) => set('subject', event.target.value)}
            error={shown.subject}
            hint="Encabeza la comunicación en el centro de cada estudiante y es el asunto del correo."
          />
        </div>
        <RichTextEditor
          id={fieldId('message')}
          label="Mensaje"
          initialValue=""
          onChange={(message) => set('message', message)}
          error={shown.message}
          hint="Apartados, negritas, listas y enlaces. El servidor lo guarda sin estilos ni scripts; el correo lo lleva como texto."
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${ids}-kind`} className="text-sm font-semibold text-slate-900">
            Tipo de aviso
          </label>
          <select
            id={`${ids}-kind`}
            value={values.kind}
            aria-describedby={`${ids}-kind-hint`}
            onChange={(event) => set('kind', event.target.value as MessageValues['kind'])}
            className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
          >
            {KIND_ORDER.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
          <p id={`${ids}-kind-hint`} className="text-sm text-slate-600">
            Todos la ven en su centro de comunicaciones; por correo solo la reciben quienes tienen
            activado este aviso en sus preferencias.
          </p>
        </div>
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-3 text-lg font-bold text-slate-900">Envío</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {(
            [
              ['now', 'Enviar ahora'],
              ['later', 'Programar para más tarde'],
            ] as const
          ).map(([when, label]) => (
            <label key={when} className="inline-flex items-center gap-2 text-sm text-slate-900">
              <input
                type="radio"
                name={`${ids}-when`}
                checked={values.when === when}
                onChange={() => set('when', when)}
                className="size-4 accent-main"
              />
              {label}
            </label>
          ))}
        </div>
        {values.when === 'later' ? (
          <DateTimeField
            id={`${ids}-sendAt`}
            label="Fecha y hora de envío"
            defaultTime="09:00"
            value={values.sendAt}
            onChange={(sendAt) => set('sendAt', sendAt)}
            error={shown.sendAt}
            hint="En tu hora local. Sin hora, a las 09:00. Los destinatarios se calculan de nuevo en ese momento."
          />
        ) : null}
      </fieldset>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
            Cancelar
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => setIsPreviewing(true)}>
          Vista previa
        </Button>
        <Button type="submit" isPending={create.isPending}>
          {values.when === 'later' ? 'Programar envío' : 'Enviar'}
        </Button>
      </div>

      <MessagePopup
        isOpen={isPreviewing}
        onClose={() => setIsPreviewing(false)}
        subject={values.subject.trim() || 'Sin asunto'}
        message={
          values.message.trim() === '' ? '<p><em>El mensaje está vacío.</em></p>' : values.message
        }
        receivedAt={(scheduledAt ?? new Date()).toISOString()}
      />
      <ConfirmDialog
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={scheduledAt ? '¿Programar la comunicación?' : '¿Enviar la comunicación?'}
        description={
          <>
            {scheduledAt ? (
              <>
                «{values.subject.trim()}» se enviará el {formatDateTime(scheduledAt.toISOString())}{' '}
                a quienes cumplan los criterios en ese momento: ahora serían{' '}
                <strong>{reach}</strong>.
              </>
            ) : (
              <>
                «{values.subject.trim()}» llegará a <strong>{reach}</strong>.
              </>
            )}{' '}
            Todos la verán en su centro de comunicaciones, y la recibirán por correo quienes tengan
            activado el aviso «{kindLabel}».
          </>
        }
        confirmLabel={scheduledAt ? 'Programar' : `Enviar a ${reach}`}
        isPending={create.isPending}
        status={
          <SubmissionStatus retrying={create.retrying} failure={create.error} className="mb-3" />
        }
        onConfirm={send}
      />
    </form>
  );
}

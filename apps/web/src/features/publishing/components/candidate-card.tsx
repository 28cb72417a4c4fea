import { APPLICATION_STATUS_MESSAGE_MAX_LENGTH, type ApplicationStatus } from '@plataforma/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { showToast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { useUpdateApplication } from '../../../entities/application/api/update-application';
import type { Candidate } from '../../../entities/application/types';
import {
  getCandidateName,
  getCandidateStudies,
  getCvUrl,
  getExternalUrl,
  REVIEWER_STATUSES,
} from '../utils/candidates';
import { getErrorMessage } from './api-error-alert';
import { CompetenceBars } from './competence-bars';

const FIELD =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900';
const LINK = 'font-semibold text-main underline underline-offset-2 hover:no-underline';

/** The application's answers, in the order the student gave them. */
const ANSWERS = [
  { key: 'interest', label: '¿Por qué le interesa?' },
  { key: 'motivation', label: 'Motivación' },
  { key: 'good_candidate', label: '¿Por qué sería buen candidato?' },
  { key: 'availability', label: 'Disponibilidad' },
] as const;

/**
 * One application: who the student is, their competences, CV and video, their answers, and the
 * reviewer's controls: a status with an optional message for the student, and the supermatch
 * mark (a toggle button).
 */
export function CandidateCard({ candidate }: { candidate: Candidate }) {
  const { id, attributes } = candidate;
  const name = getCandidateName(candidate);
  const { degree, university } = getCandidateStudies(candidate);
  const student = attributes.student?.data?.attributes;
  const cv = getCvUrl(candidate);
  const video = getExternalUrl(attributes.video);
  const isWithdrawn = attributes.status === 'Retirada';
  const [status, setStatus] = useState<ApplicationStatus>(attributes.status);
  const [message, setMessage] = useState('');
  const update = useUpdateApplication();
  const supermatch = useUpdateApplication();
  const baseId = useId().replace(/:/g, '');
  const headingId = `${baseId}-name`;
  const isSupermatch = attributes.supermatch === true;

  const saveStatus = () => {
    if (update.isPending) return;
    const text = message.trim();
    update.mutate(
      { id, change: { status, ...(text ? { status_message: text } : {}) } },
      {
        onSuccess: () => {
          setMessage('');
          showToast(`Estado guardado: ${status}. Le hemos avisado por correo.`);
        },
      },
    );
  };

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-4 rounded-2xl border p-4 shadow-sm sm:p-6',
        isSupermatch ? 'border-main ring-1 ring-main' : 'border-slate-200',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-bold break-words text-slate-900">
            {name}
          </h2>
          <p className="text-sm text-slate-700">
            {[degree, university, student?.province].filter(Boolean).join(' · ') ||
              'Sin datos de estudios'}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            Estado actual: <strong className="font-semibold">{attributes.status}</strong>
          </p>
        </div>
        <Button
          variant="secondary"
          aria-pressed={isSupermatch}
          isPending={supermatch.isPending}
          onClick={() => supermatch.mutate({ id, change: { supermatch: !isSupermatch } })}
          className={cn('px-3 py-1.5', isSupermatch && 'border-main bg-main/10')}
        >
          <span aria-hidden="true">{isSupermatch ? '★' : '☆'}</span>
          Supermatch
        </Button>
      </header>
      {supermatch.error ? (
        <Alert tone="error">
          {getErrorMessage(supermatch.error, 'No se ha podido guardar el supermatch.')}
        </Alert>
      ) : null}

      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Competencias</h3>
        <CompetenceBars scores={student?.competences} />
      </section>

      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {cv ? (
          <a href={cv} target="_blank" rel="noreferrer noopener" className={LINK}>
            Ver CV de {name}
            <span className="sr-only"> (se abre en otra pestaña)</span>
          </a>
        ) : (
          <span className="text-slate-600">Sin CV</span>
        )}
        {video ? (
          <a href={video} target="_blank" rel="noreferrer noopener" className={LINK}>
            Ver vídeo de presentación
            <span className="sr-only"> (se abre en otra pestaña)</span>
          </a>
        ) : null}
      </div>

      <dl className="flex flex-col gap-3 text-sm">
        {ANSWERS.map(({ key, label }) =>
          attributes[key]?.trim() ? (
            <div key={key}>
              <dt className="font-semibold text-slate-900">{label}</dt>
              <dd className="whitespace-pre-line break-words text-slate-800">{attributes[key]}</dd>
            </div>
          ) : null,
        )}
      </dl>

      {isWithdrawn ? (
        <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
          El estudiante retiró su candidatura.
        </p>
      ) : (
        <form
          className="flex flex-col gap-3 border-t border-slate-200 pt-4"
          aria-label={`Estado de la candidatura de ${name}`}
          onSubmit={(event) => {
            event.preventDefault();
            saveStatus();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${baseId}-status`} className="text-sm font-semibold text-slate-900">
              Estado de la candidatura
            </label>
            <select
              id={`${baseId}-status`}
              value={status}
              onChange={(event) => setStatus(event.target.value as ApplicationStatus)}
              className={FIELD}
            >
              {REVIEWER_STATUSES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${baseId}-message`} className="text-sm font-semibold text-slate-900">
              Mensaje para el estudiante
              <span className="font-normal text-slate-600"> (opcional)</span>
            </label>
            <textarea
              id={`${baseId}-message`}
              value={message}
              maxLength={APPLICATION_STATUS_MESSAGE_MAX_LENGTH}
              rows={3}
              onChange={(event) => setMessage(event.target.value)}
              aria-describedby={`${baseId}-message-hint`}
              className={FIELD}
            />
            <p id={`${baseId}-message-hint`} className="text-sm text-slate-600">
              Se envía con el aviso del cambio de estado.
            </p>
          </div>
          {update.error ? (
            <Alert tone="error">
              {getErrorMessage(update.error, 'No se ha podido guardar el estado.')}
            </Alert>
          ) : null}
          <div>
            <Button type="submit" isPending={update.isPending}>
              Guardar
            </Button>
          </div>
        </form>
      )}
    </article>
  );
}

import { useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useOutboxEmail } from '../api/get-outbox';
import { useRetryOutboxEmail } from '../api/retry-outbox-email';
import { formatDateTime } from '../utils/format-date';
import { EmailStatusBadge } from './status-badge';

interface OutboxEmailProps {
  id: number;
  /** Address of the list, to go back to it. */
  listHref: string;
}

/**
 * One email of the outbox as it was written: its state and attempts, its HTML (in a sandboxed
 * frame: nothing in it runs) and text versions, and "Reintentar ahora" while it was not sent.
 */
export function OutboxEmail({ id, listHref }: OutboxEmailProps) {
  const email = useOutboxEmail(id);
  const retry = useRetryOutboxEmail();
  const noticeRef = useRef<HTMLDivElement>(null);

  const back = (
    <Link to={listHref} className="text-sm font-semibold text-main underline underline-offset-2">
      Volver al correo saliente
    </Link>
  );

  if (email.isPending) return <LoadingStatus label="Cargando el correo..." />;
  if (email.isError) {
    const missing = email.error instanceof ApiError && email.error.status === 404;
    return (
      <div className="flex flex-col items-start gap-3">
        {back}
        <Alert tone="error">
          {missing ? 'Este correo no existe.' : 'No se pudo cargar el correo.'}
        </Alert>
        {missing ? null : (
          <Button variant="secondary" onClick={() => void email.refetch()}>
            Reintentar
          </Button>
        )}
      </div>
    );
  }

  const { attributes: a } = email.data;
  const retryNow = async () => {
    try {
      await retry.mutateAsync(id);
      showToast('El correo se enviará de nuevo en breve.');
    } catch {
      // Said under the title (retry.isError).
    } finally {
      // The button may be gone (the email is on its way): the keyboard stays in the email.
      requestAnimationFrame(() => noticeRef.current?.focus());
    }
  };

  return (
    <article aria-labelledby="correo-asunto" className="flex flex-col gap-5">
      {back}
      <div className="flex flex-wrap items-start gap-3">
        <h3 id="correo-asunto" className="min-w-0 break-words text-lg font-bold text-slate-900">
          {a.subject}
        </h3>
        <EmailStatusBadge status={a.status} />
      </div>

      <div ref={noticeRef} tabIndex={-1} className="focus:outline-none">
        {retry.isError ? (
          <Alert tone="error">
            {retry.error instanceof ApiError && retry.error.status === 409
              ? 'Este correo ya se ha enviado o se está enviando ahora mismo.'
              : 'No se pudo reintentar el envío.'}
          </Alert>
        ) : null}
      </div>

      <dl className="grid gap-x-6 gap-y-1.5 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-[auto_1fr] sm:p-5">
        <dt className="font-semibold text-slate-900">Destinatario</dt>
        <dd className="break-all text-slate-700">{a.recipient}</dd>
        <dt className="font-semibold text-slate-900">Plantilla</dt>
        <dd className="text-slate-700">{a.template}</dd>
        <dt className="font-semibold text-slate-900">Intentos</dt>
        <dd className="text-slate-700">{a.attempts}</dd>
        <dt className="font-semibold text-slate-900">Escrito</dt>
        <dd className="text-slate-700">{formatDateTime(a.createdAt)}</dd>
        <dt className="font-semibold text-slate-900">Enviado</dt>
        <dd className="text-slate-700">{formatDateTime(a.sentAt)}</dd>
        {a.status === 'pending' && a.nextAttemptAt ? (
          <>
            <dt className="font-semibold text-slate-900">Próximo intento</dt>
            <dd className="text-slate-700">{formatDateTime(a.nextAttemptAt)}</dd>
          </>
        ) : null}
        <dt className="font-semibold text-slate-900">Último error</dt>
        <dd className="break-words text-slate-700">{a.lastError ?? '—'}</dd>
      </dl>

      {a.status === 'sent' ? null : (
        <div>
          <Button onClick={() => void retryNow()} isPending={retry.isPending}>
            Reintentar ahora
          </Button>
        </div>
      )}

      <section aria-labelledby="correo-html" className="flex flex-col gap-2">
        <h4 id="correo-html" className="text-base font-bold text-slate-900">
          Versión HTML
        </h4>
        <iframe
          title="Versión HTML del correo"
          sandbox=""
          srcDoc={a.html}
          className="min-h-[28rem] w-full rounded-xl border border-slate-200 bg-white"
        />
      </section>
      <section aria-labelledby="correo-texto" className="flex flex-col gap-2">
        <h4 id="correo-texto" className="text-base font-bold text-slate-900">
          Versión de texto
        </h4>
        <pre className="whitespace-pre-wrap break-words rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800">
          {a.text}
        </pre>
      </section>
    </article>
  );
}

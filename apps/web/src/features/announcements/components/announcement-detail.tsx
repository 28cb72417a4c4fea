import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { MessagePopup, RichMessage } from '../../../components/ui/message-popup';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useAnnouncement } from '../api/get-announcement';
import { useCancelAnnouncement } from '../api/cancel-announcement';
import { useResendAnnouncement } from '../api/resend-announcement';
import { COMMUNICATIONS_PATH } from '../paths';
import type { Announcement } from '../types';
import {
  authorName,
  countOf,
  emailProgress,
  formatCount,
  isInProgress,
  whenText,
} from '../utils/delivery';
import { KIND_LABELS } from '../utils/labels';
import { AudienceDescription } from './audience-description';
import { PageFrame } from './page-frame';
import { AnnouncementStatusBadge } from './status-badge';

const BACK = { to: COMMUNICATIONS_PATH, label: 'Volver al historial' };

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Inténtalo de nuevo en unos minutos.';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function Figure({ term, value, note }: { term: string; value: string; note?: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm font-semibold text-slate-600">{term}</dt>
      <dd className="text-xl font-bold text-slate-900 tabular-nums">
        {value}
        {note ? <span className="ml-1 text-sm font-medium text-slate-600">{note}</span> : null}
      </dd>
    </div>
  );
}

/** What the state means for the students, in a sentence. */
function stateText({ attributes }: Announcement): string | null {
  switch (attributes.status) {
    case 'scheduled':
      return 'Todavía no se ha enviado: hasta entonces se puede cancelar. Los destinatarios se calculan al enviarla.';
    case 'sending':
      return 'Se está enviando: los estudiantes reciben la comunicación en su centro y los correos salen poco a poco.';
    case 'failed':
      return 'El envío falló y no llegó a nadie. Escríbela de nuevo o avisa a quien mantiene la plataforma.';
    case 'cancelled':
      return 'Se canceló antes de enviarse: no llegó a nadie.';
    case 'sent':
      return attributes.emailsQueued === 0
        ? 'Nadie tenía activado este aviso por correo: la ven solo en su centro de comunicaciones.'
        : null;
  }
}

function Delivery({ announcement }: { announcement: Announcement }) {
  const { attributes } = announcement;
  const progress = emailProgress(attributes);
  const ran = attributes.status === 'sending' || attributes.status === 'sent';
  const readShare =
    attributes.recipients > 0
      ? `(${Math.round((attributes.entriesRead / attributes.recipients) * 100)} %)`
      : undefined;
  const text = stateText(announcement);
  return (
    <Section title="Entrega">
      {text ? <p className="text-sm text-slate-700">{text}</p> : null}
      {ran ? (
        <>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <Figure term="Destinatarios" value={formatCount(attributes.recipients)} />
            <Figure term="Leídas" value={formatCount(attributes.entriesRead)} note={readShare} />
            <Figure term="Correos en cola" value={formatCount(attributes.emailsQueued)} />
            <Figure term="Correos enviados" value={formatCount(attributes.emailsSent)} />
            <Figure term="Correos fallidos" value={formatCount(attributes.emailsFailed)} />
            <Figure term="Correos pendientes" value={formatCount(attributes.emailsPending)} />
          </dl>
          {progress.total > 0 ? (
            <div className="flex flex-col gap-1.5">
              <div className="flex justify-between text-sm text-slate-700">
                <span id={`progress-${announcement.id}`}>Correos procesados</span>
                <span className="tabular-nums">
                  {formatCount(progress.done)} de {formatCount(progress.total)}
                </span>
              </div>
              <div
                role="progressbar"
                aria-labelledby={`progress-${announcement.id}`}
                aria-valuemin={0}
                aria-valuemax={progress.total}
                aria-valuenow={progress.done}
                aria-valuetext={`${formatCount(progress.done)} de ${formatCount(progress.total)} (${progress.percent} %)`}
                className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
              >
                <div
                  className="h-full bg-main transition-[width] duration-500 motion-reduce:transition-none"
                  style={{ width: `${progress.percent}%` }}
                />
              </div>
            </div>
          ) : null}
        </>
      ) : null}
      {isInProgress(attributes) ? (
        <p className="text-sm text-slate-600">Se actualiza sola mientras dura el envío.</p>
      ) : null}
    </Section>
  );
}

/**
 * `/admin/comunicaciones/:id` (ADR 0046): a communication's state and delivery, followed live
 * while it is scheduled, sending or has emails pending; resending the emails that failed,
 * cancelling a scheduled one; who it was for in words, and the message as it was sent.
 */
export function AnnouncementDetail({ id, notFound }: { id: number; notFound: ReactNode }) {
  const query = useAnnouncement(id);
  const resend = useResendAnnouncement(id);
  const cancel = useCancelAnnouncement(id);
  const [isCancelling, setIsCancelling] = useState(false);
  const [isPreviewing, setIsPreviewing] = useState(false);

  if (query.isPending) return <LoadingStatus />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return notFound;
    return (
      <PageFrame title="Comunicación" back={BACK}>
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>No se ha podido cargar la comunicación. Inténtalo de nuevo en unos minutos.</span>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Reintentar
          </Button>
        </Alert>
      </PageFrame>
    );
  }
  const announcement = query.data;
  const { attributes } = announcement;

  return (
    <PageFrame
      title={attributes.subject}
      back={BACK}
      intro={
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <AnnouncementStatusBadge status={attributes.status} />
            <span className="text-sm text-slate-700">{whenText(attributes)}</span>
          </div>
          <p className="text-sm text-slate-700">
            Por {authorName(attributes.author?.data)} · Aviso «{KIND_LABELS[attributes.kind]}»
          </p>
        </div>
      }
    >
      {resend.isError ? (
        <Alert tone="error">No se han podido reenviar los correos: {errorText(resend.error)}</Alert>
      ) : null}
      {cancel.isError ? (
        <Alert tone="error">No se ha cancelado el envío: {errorText(cancel.error)}</Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => setIsPreviewing(true)}>
          Ver como la ve el estudiante
        </Button>
        {attributes.emailsFailed > 0 ? (
          <Button
            isPending={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: (requeued) =>
                  showToast(
                    requeued === 0
                      ? 'No quedaba ningún correo fallido por reenviar.'
                      : `${countOf(requeued, 'correo vuelve', 'correos vuelven')} a estar en cola.`,
                  ),
              })
            }
          >
            Reenviar los fallidos ({formatCount(attributes.emailsFailed)})
          </Button>
        ) : null}
        {attributes.status === 'scheduled' ? (
          <Button variant="danger" onClick={() => setIsCancelling(true)}>
            Cancelar envío
          </Button>
        ) : null}
      </div>

      <Delivery announcement={announcement} />
      <Section title="Destinatarios">
        <AudienceDescription audience={attributes.audience} />
      </Section>
      <Section title="Mensaje">
        <RichMessage html={attributes.message} />
      </Section>

      <MessagePopup
        isOpen={isPreviewing}
        onClose={() => setIsPreviewing(false)}
        subject={attributes.subject}
        message={attributes.message}
        receivedAt={attributes.sentAt ?? attributes.sendAt}
      />
      <ConfirmDialog
        isOpen={isCancelling}
        onClose={() => setIsCancelling(false)}
        title="¿Cancelar el envío?"
        description={`«${attributes.subject}» no se enviará a nadie. No se puede deshacer: para enviarla después, escríbela de nuevo.`}
        confirmLabel="Cancelar envío"
        dismissLabel="Mantener el envío"
        isDanger
        isPending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => showToast(`Has cancelado el envío de «${attributes.subject}».`),
            onSettled: () => setIsCancelling(false),
          })
        }
      />
    </PageFrame>
  );
}

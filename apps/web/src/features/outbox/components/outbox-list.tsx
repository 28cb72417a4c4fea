import { EMAIL_STATUSES } from '@plataforma/shared';
import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useOutbox } from '../api/get-outbox';
import { EMAIL_STATUS_LABELS, type OutboxFilters } from '../utils/outbox-query';
import { formatDateTime } from '../utils/format-date';
import { EmailStatusBadge } from './status-badge';

interface OutboxListProps {
  filters: OutboxFilters;
  onFiltersChange: (filters: OutboxFilters) => void;
  /** Address of an email's page. */
  emailHref: (id: number) => string;
}

/**
 * The outbox (ADR 0009): every email the platform wrote, newest first, by state and recipient,
 * with how many times it was tried and why it last failed.
 */
export function OutboxList({ filters, onFiltersChange, emailHref }: OutboxListProps) {
  const outbox = useOutbox(filters);
  const summaryId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const status = text('status');
    onFiltersChange({
      status: EMAIL_STATUSES.find((value) => value === status) ?? null,
      recipient: text('recipient'),
      page: 1,
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <form
        role="search"
        aria-label="Filtrar el correo saliente"
        onSubmit={submit}
        // A new address remounts the form, so the fields show what the list shows.
        key={`${filters.status ?? ''}|${filters.recipient}`}
        className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-end sm:p-5"
      >
        <SelectField
          label="Estado"
          name="status"
          defaultValue={filters.status ?? ''}
          className="sm:w-48"
        >
          <option value="">Todos</option>
          {EMAIL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {EMAIL_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Destinatario"
          name="recipient"
          type="search"
          defaultValue={filters.recipient}
          hint="La dirección o parte de ella"
          autoComplete="off"
          className="sm:flex-1"
        />
        <Button type="submit" className="sm:mb-7">
          Filtrar
        </Button>
      </form>

      {outbox.isPending ? (
        <LoadingStatus label="Cargando el correo saliente..." />
      ) : outbox.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">No se pudo cargar el correo saliente.</Alert>
          <Button variant="secondary" onClick={() => void outbox.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : (
        <OutboxPage
          answer={outbox.data}
          summaryId={summaryId}
          filters={filters}
          isUpdating={outbox.isPlaceholderData}
          onFiltersChange={onFiltersChange}
          emailHref={emailHref}
        />
      )}
    </div>
  );
}

function OutboxPage({
  answer,
  summaryId,
  filters,
  isUpdating,
  onFiltersChange,
  emailHref,
}: {
  answer: NonNullable<ReturnType<typeof useOutbox>['data']>;
  summaryId: string;
  filters: OutboxFilters;
  isUpdating: boolean;
  onFiltersChange: (filters: OutboxFilters) => void;
  emailHref: (id: number) => string;
}) {
  const { page, pageCount, total } = answer.meta.pagination;
  const filtered = filters.status !== null || filters.recipient !== '';
  if (total === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-6 text-base text-slate-700">
        {filtered ? 'No hay correos con estos filtros.' : 'Todavía no se ha escrito ningún correo.'}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4" aria-busy={isUpdating}>
      <p id={summaryId} className="text-sm text-slate-700" role="status">
        {total} {total === 1 ? 'correo' : 'correos'}
        {pageCount > 1 ? `, página ${page} de ${pageCount}` : ''}
      </p>
      <ul aria-describedby={summaryId} className="flex flex-col gap-3">
        {answer.data.map(({ id, attributes: email }) => (
          <li key={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <Link
                to={emailHref(id)}
                className="min-w-0 break-words text-base font-semibold text-main underline-offset-2 hover:underline"
              >
                {email.subject}
              </Link>
              <EmailStatusBadge status={email.status} />
            </div>
            <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold text-slate-900">Destinatario</dt>
              <dd className="break-all text-slate-700">{email.recipient}</dd>
              <dt className="font-semibold text-slate-900">Escrito</dt>
              <dd className="text-slate-700">{formatDateTime(email.createdAt)}</dd>
              <dt className="font-semibold text-slate-900">Intentos</dt>
              <dd className="text-slate-700">{email.attempts}</dd>
              {email.lastError ? (
                <>
                  <dt className="font-semibold text-slate-900">Último error</dt>
                  <dd className="break-words text-red-800">{email.lastError}</dd>
                </>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
      {pageCount > 1 ? (
        <nav aria-label="Páginas del correo saliente" className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            disabled={page <= 1}
            onClick={() => onFiltersChange({ ...filters, page: page - 1 })}
          >
            Anterior
          </Button>
          <Button
            variant="secondary"
            disabled={page >= pageCount}
            onClick={() => onFiltersChange({ ...filters, page: page + 1 })}
          >
            Siguiente
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

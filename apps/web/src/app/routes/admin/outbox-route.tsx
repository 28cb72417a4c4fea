import { Navigate, useParams, useSearchParams } from 'react-router';
import { OutboxEmail } from '../../../features/outbox/components/outbox-email';
import { OutboxList } from '../../../features/outbox/components/outbox-list';
import { filtersFromSearch, searchOf } from '../../../features/outbox/utils/outbox-query';

const BASE = '/admin/ajustes/correo';

function OutboxSection({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="ajustes-correo" className="flex flex-col gap-6">
      <div>
        <h2 id="ajustes-correo" className="text-xl font-bold text-slate-900">
          Correo saliente
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Cada correo que envía la plataforma pasa por aquí: los enviados, los que esperan un nuevo
          intento y los que fallaron, con el motivo. Sin servidor de correo configurado, se quedan
          pendientes.
        </p>
      </div>
      {children}
    </section>
  );
}

/**
 * `/admin/ajustes/correo`: the outbox (ADR 0009) inside the admin-only settings layout; its filters
 * and page live in the address.
 */
export function AdminOutboxRoute() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const query = search.toString();
  return (
    <OutboxSection>
      <OutboxList
        filters={filters}
        onFiltersChange={(next) => setSearch(searchOf(next))}
        // The email's page returns to this very list (filters and page).
        emailHref={(id) => `${BASE}/${id}${query ? `?${query}` : ''}`}
      />
    </OutboxSection>
  );
}

/** `/admin/ajustes/correo/:id`: one email, with "Reintentar ahora". */
export function AdminOutboxEmailRoute() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const emailId = Number(id);
  const query = search.toString();
  const listHref = `${BASE}${query ? `?${query}` : ''}`;
  if (!Number.isInteger(emailId) || emailId < 1) return <Navigate to={listHref} replace />;
  return (
    <OutboxSection>
      <OutboxEmail key={emailId} id={emailId} listHref={listHref} />
    </OutboxSection>
  );
}

/** The outbox's former address (a page the API drew): it lives in the settings area now. */
export function LegacyOutboxRedirect() {
  const { id } = useParams();
  return <Navigate to={id ? `${BASE}/${id}` : BASE} replace />;
}

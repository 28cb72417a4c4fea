import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { isAdmin } from '../../lib/strapi/actor';
import {
  findOutboxEmail,
  listOutbox,
  parseId,
  parseListQuery,
  retryOutboxEmail,
  type OutboxListQuery,
} from './outbox.service';
import { escapeHtml } from './templates';

/**
 * `/admin/outbox` (issue 3 Email): the outbox as a page an admin opens in the browser, signed in
 * with the web app's `token` cookie. Emails stay here when there is no SMTP server (the embedded
 * default); the same data is at `/api/admin/outbox` for programs.
 */

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pendiente',
  sent: 'Enviado',
  failed: 'Fallido',
};
const PAGE_SIZE = 25;

const dateTime = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Madrid',
});
const when = (value: unknown) =>
  value instanceof Date || typeof value === 'string' ? dateTime.format(new Date(value)) : '—';

const STYLE = `
  :root { color-scheme: light; --main: #1226AA; --text: #1a1a1a; --muted: #4b5563; --line: #d1d5db; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: Montserrat, Arial, Helvetica, sans-serif; color: var(--text); background: #f8fafc; line-height: 1.5; }
  header { background: var(--main); color: #fff; padding: 16px 24px; }
  header a { color: #fff; }
  main { max-width: 1100px; margin: 0 auto; padding: 24px; }
  h1 { font-size: 1.5rem; margin: 0 0 16px; }
  a { color: var(--main); }
  a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  form.filters { display: flex; flex-wrap: wrap; gap: 12px; align-items: end; margin-bottom: 16px; }
  label { display: flex; flex-direction: column; font-weight: 600; font-size: .9rem; gap: 4px; }
  input, select { font: inherit; padding: 6px 8px; border: 1px solid var(--muted); border-radius: 6px; background: #fff; }
  button { font: inherit; background: var(--main); color: #fff; border: 0; border-radius: 6px; padding: 8px 14px; cursor: pointer; }
  table { width: 100%; border-collapse: collapse; background: #fff; }
  caption { text-align: left; color: var(--muted); padding: 8px 0; }
  th, td { text-align: left; padding: 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { background: #eef2ff; }
  .status { font-weight: 700; }
  .failed { color: #b91c1c; }
  .sent { color: #166534; }
  .pending { color: #92400e; }
  nav.pages { display: flex; gap: 16px; margin-top: 16px; }
  pre { white-space: pre-wrap; background: #fff; border: 1px solid var(--line); padding: 12px; border-radius: 6px; }
  iframe { width: 100%; min-height: 480px; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; background: #fff; padding: 12px; border: 1px solid var(--line); border-radius: 6px; }
  dt { font-weight: 600; }
  .notice { background: #ecfdf5; border: 1px solid #166534; padding: 8px 12px; border-radius: 6px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><header><a href="/">Volver a la plataforma</a></header><main>${body}</main></body></html>`;
}

/** Signed-out people go to the login page (which returns here); others than admins get a 403 page. */
function gate(request: FastifyRequest, reply: FastifyReply): boolean {
  if (isAdmin(request.actor)) return true;
  if (request.actor.kind === 'visitor') {
    void reply.redirect(`/user/auth/login?redirect=${encodeURIComponent(request.url)}`, 302);
    return false;
  }
  void reply
    .status(403)
    .type('text/html; charset=utf-8')
    .send(
      page(
        'Sin permiso',
        '<h1>Sin permiso</h1><p>Solo las personas administradoras pueden ver el correo saliente.</p>',
      ),
    );
  return false;
}

function listQueryFrom(raw: Record<string, unknown>): OutboxListQuery {
  const page = typeof raw.pagina === 'string' && /^\d{1,6}$/.test(raw.pagina) ? raw.pagina : '1';
  const filters: Record<string, unknown> = {};
  if (typeof raw.estado === 'string' && raw.estado !== '') filters.status = raw.estado;
  if (typeof raw.destinatario === 'string' && raw.destinatario.trim() !== '') {
    filters.recipient = { $containsi: raw.destinatario.trim() };
  }
  return parseListQuery({ pagination: { page, pageSize: String(PAGE_SIZE) }, filters });
}

export async function outboxPages(app: FastifyInstance) {
  // The retry buttons post a plain HTML form; this parser exists only inside these routes.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.get('/admin/outbox', { config: { cookieAuth: true } }, async (request, reply) => {
    if (!gate(request, reply)) return reply;
    const raw = request.query as Record<string, unknown>;
    let query: OutboxListQuery;
    try {
      query = listQueryFrom(raw);
    } catch {
      query = parseListQuery({ pagination: { pageSize: String(PAGE_SIZE) } });
    }
    const result = await listOutbox(app.db, query);
    const { page: current, pageCount, total } = result.meta.pagination;
    const status = typeof raw.estado === 'string' ? raw.estado : '';
    const recipient = typeof raw.destinatario === 'string' ? raw.destinatario : '';
    const link = (n: number) =>
      `/admin/outbox?${new URLSearchParams({ estado: status, destinatario: recipient, pagina: String(n) }).toString()}`;
    const rows = result.data
      .map(
        ({ id, attributes: a }) =>
          `<tr><td>${escapeHtml(when(a.createdAt))}</td><td>${escapeHtml(a.recipient)}</td><td><a href="/admin/outbox/${id}">${escapeHtml(a.subject)}</a></td><td class="status ${escapeHtml(a.status)}">${escapeHtml(STATUS_LABELS[a.status] ?? a.status)}</td><td>${a.attempts}</td><td>${escapeHtml(a.lastError ?? '')}</td></tr>`,
      )
      .join('');
    const options = ['', 'pending', 'sent', 'failed']
      .map(
        (value) =>
          `<option value="${value}"${value === status ? ' selected' : ''}>${value ? STATUS_LABELS[value] : 'Todos'}</option>`,
      )
      .join('');
    const body = `<h1>Correo saliente</h1>
      <p>${app.emailSender.enabled ? 'Los correos se envían por el servidor SMTP configurado.' : 'No hay servidor SMTP configurado: los correos se quedan aquí, pendientes.'}</p>
      <form class="filters" method="get" action="/admin/outbox">
        <label>Estado<select name="estado">${options}</select></label>
        <label>Destinatario<input type="search" name="destinatario" value="${escapeHtml(recipient)}" autocomplete="off"></label>
        <button type="submit">Filtrar</button>
      </form>
      <table><caption>${total} ${total === 1 ? 'correo' : 'correos'}${pageCount > 1 ? `, página ${current} de ${pageCount}` : ''}</caption>
        <thead><tr><th scope="col">Fecha</th><th scope="col">Destinatario</th><th scope="col">Asunto</th><th scope="col">Estado</th><th scope="col">Intentos</th><th scope="col">Último error</th></tr></thead>
        <tbody>${rows || '<tr><td colspan="6">No hay correos.</td></tr>'}</tbody>
      </table>
      <nav class="pages" aria-label="Páginas">${current > 1 ? `<a href="${escapeHtml(link(current - 1))}">Anterior</a>` : ''}${current < pageCount ? `<a href="${escapeHtml(link(current + 1))}">Siguiente</a>` : ''}</nav>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page('Correo saliente', body));
  });

  app.get<{ Params: { id: string } }>(
    '/admin/outbox/:id',
    { config: { cookieAuth: true } },
    async (request, reply) => {
      if (!gate(request, reply)) return reply;
      const { data } = await findOutboxEmail(app.db, parseId(request.params.id));
      const a = data.attributes;
      const retried = (request.query as Record<string, unknown>).reintento === '1';
      const canRetry = a.status !== 'sent';
      const body = `<p><a href="/admin/outbox">Volver al correo saliente</a></p>
      <h1>${escapeHtml(a.subject)}</h1>
      ${retried ? '<p class="notice" role="status">El correo se enviará de nuevo en breve.</p>' : ''}
      <dl>
        <dt>Destinatario</dt><dd>${escapeHtml(a.recipient)}</dd>
        <dt>Plantilla</dt><dd>${escapeHtml(a.template)}</dd>
        <dt>Estado</dt><dd class="status ${escapeHtml(a.status)}">${escapeHtml(STATUS_LABELS[a.status] ?? a.status)}</dd>
        <dt>Intentos</dt><dd>${a.attempts}</dd>
        <dt>Creado</dt><dd>${escapeHtml(when(a.createdAt))}</dd>
        <dt>Enviado</dt><dd>${escapeHtml(when(a.sentAt))}</dd>
        <dt>Último error</dt><dd>${escapeHtml(a.lastError ?? '—')}</dd>
      </dl>
      ${canRetry ? `<form method="post" action="/admin/outbox/${data.id}/retry"><p><button type="submit">Reintentar ahora</button></p></form>` : ''}
      <h2>Versión HTML</h2>
      <iframe title="Versión HTML del correo" sandbox srcdoc="${escapeHtml(a.html ?? '')}"></iframe>
      <h2>Versión de texto</h2>
      <pre>${escapeHtml(a.text ?? '')}</pre>`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page(a.subject, body));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/admin/outbox/:id/retry',
    { config: { cookieAuth: true } },
    async (request, reply) => {
      // A form post authenticated by cookie: refuse it unless it comes from this very site.
      // Browsers send Origin "null" under Referrer-Policy: no-referrer, and then say where the
      // request comes from in Sec-Fetch-Site.
      const origin = request.headers.origin;
      const own = [new URL(app.config.publicUrl).origin, `${request.protocol}://${request.host}`];
      const sameSite =
        origin && origin !== 'null'
          ? own.includes(origin)
          : request.headers['sec-fetch-site'] === 'same-origin';
      if (!sameSite) throw new AppError('FORBIDDEN', 'Forbidden');
      if (!gate(request, reply)) return reply;
      const id = parseId(request.params.id);
      await retryOutboxEmail(app.db, id);
      app.emailSender.wake();
      return reply.redirect(`/admin/outbox/${id}?reintento=1`, 303);
    },
  );
}

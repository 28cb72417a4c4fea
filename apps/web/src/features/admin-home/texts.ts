import {
  ADMIN_OVERVIEW_RECENT_DAYS,
  type AdminOverview,
  type AdminOverviewImport,
  type PeopleImportKind,
} from '@plataforma/shared';

/**
 * Every text of the administration home (ADR 0066), in one place for the language layer to come.
 * A sentence follows its card's figure ("3" + "docentes esperan tu aprobación…"), so together they
 * read as one sentence, also to screen readers.
 */

const COUNT = new Intl.NumberFormat('es-ES');
const TIME = new Intl.DateTimeFormat('es-ES', { timeStyle: 'short', timeZone: 'Europe/Madrid' });
const DATE_TIME = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Madrid',
});

/** A count as Spanish reads it ("12.345"). */
export const formatCount = (value: number) => COUNT.format(value);

/** The singular or the plural, by the count. */
const byCount = (count: number, one: string, many: string) => (count === 1 ? one : many);

const RECENTLY = `en los últimos ${ADMIN_OVERVIEW_RECENT_DAYS} días`;

export const TEXTS = {
  title: 'Administración',
  intro:
    'Lo que espera una decisión tuya, con el enlace al lugar donde se resuelve, y la plataforma de un vistazo.',
  refresh: 'Actualizar cifras',
  countedAt: (iso: string) => `Cifras de las ${TIME.format(new Date(iso))}.`,
  loading: 'Cargando el resumen...',
  loadError: 'No se ha podido cargar el resumen de la administración.',
  retry: 'Reintentar',
  calm: 'Nada pendiente',

  attention: {
    title: 'Lo que necesita atención',
    description: 'Cada cifra cuenta lo que verás al seguir su enlace.',
  },

  teachers: {
    title: 'Profesorado por verificar',
    sentence: (count: number) =>
      count === 0
        ? 'Ningún docente espera tu aprobación.'
        : byCount(
            count,
            'docente se ha registrado y espera tu aprobación para publicar proyectos.',
            'docentes se han registrado y esperan tu aprobación para publicar proyectos.',
          ),
    link: 'Revisar el profesorado pendiente',
  },

  works: {
    title: 'Trabajos finales por revisar',
    sentence: (count: number) =>
      count === 0
        ? 'Ningún trabajo final espera revisión.'
        : byCount(
            count,
            'trabajo final de un estudiante espera tu revisión para publicarse en la biblioteca.',
            'trabajos finales de estudiantes esperan tu revisión para publicarse en la biblioteca.',
          ),
    link: 'Revisar los trabajos',
  },

  projects: {
    title: 'Proyectos por validar',
    sentence: (count: number) =>
      count === 0
        ? 'Ningún proyecto espera validación.'
        : byCount(
            count,
            'proyecto espera que lo valides o lo rechaces.',
            'proyectos esperan que los valides o los rechaces.',
          ),
    link: 'Ver los proyectos por validar',
  },

  failedEmails: {
    title: 'Correos fallidos',
    sentence: ({ failed, failedRecently }: AdminOverview['emails']) => {
      const older = failed - failedRecently;
      if (failedRecently === 0) {
        return `Ningún correo ha fallado ${RECENTLY}.${
          older > 0
            ? ` Hay ${formatCount(older)} ${byCount(older, 'fallido', 'fallidos')} de antes.`
            : ''
        }`;
      }
      return `${byCount(
        failedRecently,
        'correo no se ha podido entregar',
        'correos no se han podido entregar',
      )} ${RECENTLY}: revisa el motivo y vuelve a intentarlo.${
        older > 0 ? ` Hay ${formatCount(failed)} fallidos en total.` : ''
      }`;
    },
    link: 'Ver los correos fallidos',
    outboxLink: 'Ver el correo saliente',
  },

  waitingEmails: {
    title: 'Correos en espera',
    sentence: ({ waiting, retrying, deliveryConfigured }: AdminOverview['emails']) => {
      if (waiting === 0) return 'No hay correos esperando su envío.';
      const waits = byCount(waiting, 'correo espera su envío.', 'correos esperan su envío.');
      if (!deliveryConfigured) {
        return `${waits} Este servidor no tiene configurado el envío de correo: no saldrá ninguno hasta que se configure (SMTP_URL).`;
      }
      if (retrying > 0) {
        return `${waits} ${formatCount(retrying)} ${byCount(
          retrying,
          'ha fallado al menos una vez y se reintentará solo.',
          'han fallado al menos una vez y se reintentarán solos.',
        )}`;
      }
      return waits;
    },
    link: 'Ver los correos en espera',
  },

  imports: {
    title: 'Cargas de personas',
    sentence: (running: number, failedRecently: number) => {
      if (running === 0 && failedRecently === 0) {
        return `No hay cargas en curso ni fallidas ${RECENTLY}.`;
      }
      const parts = [];
      if (running > 0) parts.push(`${formatCount(running)} en curso`);
      if (failedRecently > 0) {
        parts.push(
          `${formatCount(failedRecently)} ${byCount(failedRecently, 'fallida', 'fallidas')} ${RECENTLY}`,
        );
      }
      return `${byCount(running + failedRecently, 'carga', 'cargas')}: ${parts.join(' y ')}.`;
    },
    listLabel: 'Cargas recientes',
    kind: {
      students: 'Estudiantes',
      teachers: 'Profesorado',
      organizations: 'Empresas',
    } satisfies Record<PeopleImportKind, string>,
    name: (entry: AdminOverviewImport) =>
      `${TEXTS.imports.kind[entry.kind]}: ${entry.fileName ?? `carga ${entry.id}`}`,
    state: (entry: AdminOverviewImport) => {
      switch (entry.status) {
        case 'queued':
          return 'En cola.';
        case 'running':
          return `En curso: ${formatCount(entry.processed)} de ${formatCount(entry.total)} filas.`;
        case 'failed':
          return `Fallida el ${DATE_TIME.format(new Date(entry.finishedAt ?? entry.createdAt))}, con ${formatCount(entry.processed)} de ${formatCount(entry.total)} filas cargadas.`;
      }
    },
  },

  totals: {
    title: 'La plataforma en cifras',
    students: (count: number) => byCount(count, 'estudiante', 'estudiantes'),
    teachers: (count: number) => byCount(count, 'docente verificado', 'docentes verificados'),
    organizations: (count: number) => byCount(count, 'organización', 'organizaciones'),
    publishedProjects: (count: number) =>
      byCount(count, 'proyecto publicado', 'proyectos publicados'),
    reports: {
      before: 'Para ver las cifras por universidad y periodo, abre los ',
      link: 'informes de impacto',
      after: '.',
    },
  },

  about: {
    title: 'Acerca de',
    version: 'Versión de la plataforma',
    node: 'Node.js',
    database: 'Base de datos',
    databaseName: ({ kind, version }: AdminOverview['about']['database']) =>
      kind === 'pglite'
        ? `PGlite, la base de datos integrada (PostgreSQL ${version})`
        : `PostgreSQL ${version}`,
  },
};

import { banners } from '../../db/schema/index';
import type { SeedContext } from './context';

/**
 * The two campaigns of spec §2 Banners and §9 Banner dates, as data an admin can reschedule
 * (ADR 0015). Times are Madrid's: 31 Jan 2024 is winter time (+01:00); 31 Mar 2024 is the day
 * summer time starts, so its last second is +02:00.
 */
export const DEMO_BANNERS = [
  {
    title: 'Convocatoria para empresas y organizaciones',
    message:
      '¿Tu organización tiene un reto con impacto social? Preséntalo antes del 31 de enero de 2024 y trabaja con estudiantes universitarios que lo convertirán en su TFG o TFM.',
    linkUrl: '/register?profile=coordinator',
    linkLabel: 'Presentar un reto',
    placements: [
      { path: '/', audiences: [] },
      { path: '/organizaciones', audiences: [] },
    ],
    startsAt: null,
    endsAt: new Date('2024-01-31T23:59:59+01:00'),
  },
  {
    title: 'Candidaturas abiertas',
    message:
      'Los estudiantes ya pueden presentar su candidatura a los proyectos de esta convocatoria: las candidaturas están abiertas hasta el 31/3/2024.',
    linkUrl: '/projects',
    linkLabel: 'Ver proyectos',
    placements: [
      { path: '/estudiantes', audiences: [] },
      { path: '/projects', audiences: ['teacher'] },
    ],
    startsAt: new Date('2024-02-05T00:00:00+01:00'),
    endsAt: new Date('2024-03-31T23:59:59+02:00'),
  },
] satisfies (typeof banners.$inferInsert)[];

/** Seeds the campaigns, published, unless another bootstrap already wrote banners. */
export async function insertBanners(ctx: SeedContext): Promise<void> {
  const { tx, now } = ctx;
  if ((await tx.$count(banners)) > 0) return;
  await tx.insert(banners).values(DEMO_BANNERS.map((b) => ({ ...b, publishedAt: now })));
}

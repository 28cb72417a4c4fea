import { FEATURES } from '@plataforma/shared';
import { sql } from 'drizzle-orm';
import {
  brandingSaas,
  brandings,
  featurePermissions,
  files,
  footerSections,
  teacherSettings,
} from '../../db/schema/index';
import { BRANDING, MEDIA, TEACHER_DOMAINS, buildFooter, type MediaSeed } from '../fixtures/site';
import { must, type SeedContext } from './context';

/** Who the feature switches are for: visitors ("public") and every profile type. */
export const PERMISSION_ROLES = ['public', 'student', 'teacher', 'coordinator', 'admin'] as const;

/**
 * Branding, menu logo, feature permissions (everything on) and footer. Rows another bootstrap
 * may already have written are respected, except the permissions, which the demo turns on.
 */
export async function insertSiteContent(ctx: SeedContext): Promise<void> {
  const { tx, now } = ctx;
  const mediaRows = await tx
    .insert(files)
    .values(
      MEDIA.map((m) => ({
        name: m.name,
        alternativeText: m.alternativeText,
        width: m.width,
        height: m.height,
        hash: `demo_${m.name.replace(/\.svg$/, '').replaceAll('-', '_')}`,
        ext: '.svg',
        mime: 'image/svg+xml',
        size: m.size,
        url: m.url,
        provider: 'local',
      })),
    )
    .returning({ id: files.id, url: files.url });
  const mediaRef = (key: MediaSeed['key']) => {
    const seed = must(
      MEDIA.find((m) => m.key === key),
      `media ${key}`,
    );
    const id = must(mediaRows.find((r) => r.url === seed.url)?.id, `file ${seed.url}`);
    return {
      id,
      url: seed.url,
      alternativeText: seed.alternativeText,
      width: seed.width,
      height: seed.height,
    };
  };

  if ((await tx.$count(brandingSaas)) === 0) await tx.insert(brandingSaas).values({ ...BRANDING });
  if ((await tx.$count(brandings)) === 0) {
    await tx
      .insert(brandings)
      .values({ name: BRANDING.projectName, menuLogoId: mediaRef('menuLogo').id });
  }

  await tx
    .insert(featurePermissions)
    .values(
      PERMISSION_ROLES.flatMap((role) =>
        FEATURES.map((feature) => ({ role, feature, enabled: true, create: true, update: true })),
      ),
    )
    .onConflictDoUpdate({
      target: [featurePermissions.role, featurePermissions.feature],
      set: { enabled: true, create: true, update: true, updatedAt: sql`now()` },
    });

  // The migration made the one row; the demo lists its domains in it unless some are listed.
  await tx
    .update(teacherSettings)
    .set({ domains: TEACHER_DOMAINS, updatedAt: now })
    .where(sql`cardinality(${teacherSettings.domains}) = 0`);

  if ((await tx.$count(footerSections)) === 0) {
    await tx.insert(footerSections).values({
      FooterSection: buildFooter({
        menuLogo: mediaRef('menuLogo'),
        footerLogo: mediaRef('footerLogo'),
        footerOds: mediaRef('footerOds'),
      }),
      publishedAt: now,
    });
  }
}

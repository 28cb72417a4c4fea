import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import {
  communicationCenters,
  files,
  resources,
  studentsFavoriteResources,
  studentsFavoriteTfxes,
  tfxes,
} from '../../db/schema/index';
import { tfxImportKey } from '../../features/imports/tfx-import';
import { extractPdfText } from '../../features/library/pdf-text';
import { PRIVATE_PREFIX } from '../../lib/storage';
import {
  EXTERNAL_TFXES,
  PLATFORM_TFXES,
  RESOURCES,
  type PlatformTfxSeed,
} from '../fixtures/library';
import { GENERIC_NOTIFICATIONS, demoStudentNotifications } from '../fixtures/notifications';
import { daysAgo, minutesAgo, must, slug, type SeedContext } from './context';
import { renderWorkPdf } from './library-pdf';
import { storeResourcePictures } from './resource-pictures';
import type { SeededPeople, SeededStudent } from './people';
import { DEMO_STUDENT_APPLICATIONS, DEMO_STUDENT_FAVOURITES } from './projects';

type TfxInsert = typeof tfxes.$inferInsert;

/** The 20th of the month a work was released ('MM/yyyy'), at 10:00 UTC. */
function releasedAt(releaseMonth: string): { day: string; at: Date } {
  const [month, year] = releaseMonth.split('/');
  const day = `${year}-${month}-20`;
  return { day, at: new Date(`${day}T10:00:00Z`) };
}

interface StoredPdf {
  seed: PlatformTfxSeed;
  author: SeededStudent;
  fileId: number;
  text: string;
  textStatus: 'indexed' | 'empty';
}

/**
 * The PDF of every platform work, drawn, read and stored as an upload would be (ADR 0039): the
 * bytes in the app's storage under a private key, a `files` row owned by the author, and the text
 * the search reads, taken from the PDF by the same reader the uploads use (extractPdfText), here
 * and now rather than by the job queue, so the demo is searchable from the first request. Keys go
 * to `ctx.storedKeys` as soon as they are written: if the seed fails, demo.ts removes them.
 */
async function storeWorkPdfs(ctx: SeedContext, people: SeededPeople): Promise<StoredPdf[]> {
  const { tx, storage, storedKeys } = ctx;
  const prepared = [];
  for (const seed of PLATFORM_TFXES) {
    const author = must(people.alumni.get(seed.author), `alumnus ${seed.author}`);
    const degree = must(author.degree, `degree of ${seed.author}`);
    const bytes = await renderWorkPdf({
      title: seed.title,
      summary: seed.summary,
      chapters: seed.index,
      tags: seed.tags,
      author: `${author.name} ${author.surname}`,
      degree: degree.name,
      university: must(author.campus, `campus of ${seed.author}`).universityName,
      master: degree.master,
      releaseMonth: seed.releaseMonth,
      english: seed.language === 'Inglés',
      pdfOnly: seed.pdfOnly,
    });
    const { status, text } = await extractPdfText(bytes);
    const hash = randomBytes(16).toString('hex');
    prepared.push({ seed, author, bytes, hash, key: `${PRIVATE_PREFIX}${hash}.pdf`, status, text });
  }
  await Promise.all(
    prepared.map(async (pdf) => {
      storedKeys.push(pdf.key);
      await storage.put(pdf.key, Buffer.from(pdf.bytes), 'application/pdf');
    }),
  );
  const rows = await tx
    .insert(files)
    .values(
      prepared.map((pdf) => ({
        name: `${slug(pdf.seed.title).replaceAll('.', '-').slice(0, 120)}.pdf`,
        hash: pdf.hash,
        ext: '.pdf',
        mime: 'application/pdf',
        // Strapi's unit: kilobytes with two decimals.
        size: Math.round(pdf.bytes.length / 10) / 100,
        // A private file's address names its id (upload.service.ts privateUrl): set below.
        url: '',
        provider: storage.provider,
        isPrivate: true,
        storageKey: pdf.key,
        uploadedById: pdf.author.userId,
      })),
    )
    .returning({ id: files.id, storageKey: files.storageKey });
  await tx
    .update(files)
    .set({ url: sql`'/api/upload/files/' || ${files.id} || '/content'` })
    .where(
      inArray(
        files.id,
        rows.map((r) => r.id),
      ),
    );
  return prepared.map((pdf) => ({
    seed: pdf.seed,
    author: pdf.author,
    fileId: must(rows.find((r) => r.storageKey === pdf.key)?.id, `file of ${pdf.seed.title}`),
    text: pdf.text,
    textStatus: pdf.status,
  }));
}

/** Views and downloads a published work gathered since it was published. */
function counts(ctx: SeedContext): Pick<TfxInsert, 'views_count' | 'downloads_count'> {
  const views = ctx.rng.int(25, 900);
  return { views_count: views, downloads_count: Math.floor((views * ctx.rng.int(10, 45)) / 100) };
}

/**
 * The final-work library: works of former students, each with its PDF (one pending review and
 * one rejected, the rest published), works of the external repository, the resources (all
 * published, each with its illustration), and the works and resources students saved.
 */
export async function insertLibrary(ctx: SeedContext, people: SeededPeople): Promise<void> {
  const { tx, rng, now } = ctx;
  const stored = await storeWorkPdfs(ctx, people);

  const platformRows: TfxInsert[] = stored.map(({ seed, author, fileId, text, textStatus }) => {
    const { day, at } = releasedAt(seed.releaseMonth);
    const degree = must(author.degree, `degree of ${seed.author}`);
    const review = seed.review;
    const published = !review;
    return {
      title: seed.title,
      summary: seed.summary,
      status: 'finished' as const,
      language: seed.language,
      tfxDate: day,
      index: seed.index.join('\n'),
      fileId,
      awarded: seed.awarded ?? false,
      sector: seed.sector,
      tags: seed.tags,
      ods: seed.ods,
      release_month: seed.releaseMonth,
      studentId: author.id,
      external: false,
      institution: must(author.campus, `campus of ${seed.author}`).universityName,
      degreeId: degree.id,
      degree_name: degree.name,
      study_area: degree.area,
      publish_consent: true,
      review_status: review?.status ?? 'published',
      rejection_reason: review?.status === 'rejected' ? review.reason : null,
      document_text: text || null,
      text_status: textStatus,
      ...(published ? counts(ctx) : {}),
      // Works waiting for review were sent a few days ago; the others were published a week
      // after they were sent.
      publishedAt: published ? new Date(at.getTime() + 7 * 86_400_000) : null,
      createdAt: published ? at : daysAgo(now, rng.int(2, 9)),
    };
  });
  const externalRows: TfxInsert[] = EXTERNAL_TFXES.map((seed) => {
    const { day, at } = releasedAt(seed.releaseMonth);
    return {
      title: seed.title,
      summary: seed.summary,
      status: 'finished' as const,
      language: seed.language,
      file_URL: seed.external.link,
      tfxDate: day,
      index: seed.index.join('\n'),
      awarded: seed.awarded ?? false,
      sector: seed.sector,
      tags: seed.tags,
      ods: seed.ods,
      release_month: seed.releaseMonth,
      external: true,
      author_name: seed.external.author,
      institution: seed.external.institution,
      degree_name: seed.external.degree,
      publish_consent: true,
      review_status: 'published' as const,
      text_status: 'none' as const,
      // Importing the same work from a file later finds it (features/imports).
      import_key: tfxImportKey(seed.title, seed.external.author, Number(day.slice(0, 4))),
      ...counts(ctx),
      publishedAt: at,
      createdAt: at,
    };
  });
  const tfxRows = await tx
    .insert(tfxes)
    .values([...externalRows, ...platformRows])
    .returning({ id: tfxes.id, publishedAt: tfxes.publishedAt });
  const publishedTfxes = tfxRows.filter((t) => t.publishedAt !== null);

  // Each resource's illustration, stored as an admin's upload of a public image (ADR 0042).
  const pictureIds = await storeResourcePictures(ctx, RESOURCES);
  const resourceRows = await tx
    .insert(resources)
    .values(
      RESOURCES.map((seed, index) => {
        const published = daysAgo(now, rng.int(10, 300));
        return {
          title: seed.title,
          pictureId: must(pictureIds[index], `picture of ${seed.title}`),
          introduction: seed.introduction,
          tags: seed.tags,
          tfx_status: seed.stages,
          is_popular: seed.isPopular ?? false,
          popularity_visits: seed.visits,
          purposes: seed.purposes,
          content: seed.content,
          link: seed.link ?? null,
          publishedAt: published,
          createdAt: published,
        };
      }),
    )
    .returning({ id: resources.id });

  const demo = people.demoStudent.id;
  const tfxFavourites = rng
    .sample(publishedTfxes, 3)
    .map((t) => ({ studentId: demo, tfxId: t.id }));
  const resourceFavourites = rng
    .sample(resourceRows, 3)
    .map((r) => ({ studentId: demo, resourceId: r.id }));
  for (const student of people.students.slice(2)) {
    for (const t of rng.sample(publishedTfxes, rng.int(0, 2)))
      tfxFavourites.push({ studentId: student.id, tfxId: t.id });
    for (const r of rng.sample(resourceRows, rng.int(0, 2))) {
      resourceFavourites.push({ studentId: student.id, resourceId: r.id });
    }
  }
  await tx.insert(studentsFavoriteTfxes).values(tfxFavourites);
  await tx.insert(studentsFavoriteResources).values(resourceFavourites);
}

/**
 * Communication-centre entries: thirteen for the complete demo student (about her own applications),
 * the welcome one for the new student and one to three for everybody else.
 */
export async function insertNotifications(ctx: SeedContext, people: SeededPeople): Promise<void> {
  const { tx, rng, now } = ctx;
  const titleWith = (status: string) =>
    must(
      DEMO_STUDENT_APPLICATIONS.find((a) => a.status === status)?.title,
      `demo application ${status}`,
    );
  const demoEntries = demoStudentNotifications({
    selected: titleWith('Seleccionado'),
    preselected: titleWith('Preseleccionado'),
    notSelected: titleWith('No seleccionado'),
    inReview: titleWith('En revisión'),
    sent: titleWith('Enviada'),
    withdrawn: titleWith('Retirada'),
    recommended: must(DEMO_STUDENT_FAVOURITES[0], 'demo favourite'),
  });
  const rows: (typeof communicationCenters.$inferInsert)[] = demoEntries.map((n) => ({
    studentId: people.demoStudent.id,
    notification_subject: n.subject,
    notification_message: n.message,
    isRead: n.isRead,
    createdAt: minutesAgo(now, n.minutesAgo),
    updatedAt: minutesAgo(now, n.minutesAgo),
  }));
  const welcome = must(GENERIC_NOTIFICATIONS[0], 'welcome notification');
  rows.push({
    studentId: people.newStudent.id,
    notification_subject: welcome.subject,
    notification_message: welcome.message,
    isRead: false,
    createdAt: minutesAgo(now, 5),
    updatedAt: minutesAgo(now, 5),
  });
  for (const student of people.students.slice(2)) {
    for (const entry of rng.sample(GENERIC_NOTIFICATIONS, rng.int(1, 3))) {
      const at = minutesAgo(now, rng.int(10, 60 * 24 * 60));
      rows.push({
        studentId: student.id,
        notification_subject: entry.subject,
        notification_message: entry.message,
        isRead: rng.chance(0.5),
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  await tx.insert(communicationCenters).values(rows);
}

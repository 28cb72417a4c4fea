import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  APPLICATION_STATUSES,
  FEATURES,
  PROJECT_STATUSES,
  PROVINCES,
  STUDY_AREAS,
  THESIS_STAGES,
  toE164Phone,
} from '@plataforma/shared';
import { withDatabase } from '../../test/global-setup';
import { getTestDatabase } from '../../test/helpers/db';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import {
  applys,
  communicationCenters,
  coordinators,
  featurePermissions,
  files,
  footerSections,
  organizations,
  projects,
  students,
  studentsFavoriteProjects,
  teachers,
  tfxes,
  tfxSearch,
  resources,
  users,
} from '../db/schema/index';
import { extractPdfText } from '../features/library/pdf-text';
import { sanitizeRichText } from '../lib/html/rich-text';
import { verifyPassword } from '../lib/password';
import { LocalStorage } from '../lib/storage';
import { DEMO_PDF_ONLY_WORDS, EXTERNAL_TFXES, PLATFORM_TFXES, RESOURCES } from './fixtures/library';
import { UNIVERSITIES } from './fixtures/catalogue';
import { PROJECTS } from './fixtures/projects';
import { TEACHERS } from './fixtures/people';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoDataIfEmpty } from './demo';
import { HEAVY_READER_ENTRIES, scaleCounts, seedScale } from './scale';
import { illustrationOrder, renderResourceIllustration } from './steps/resource-pictures';

const log = pino({ level: 'silent' });

/**
 * A database of its own: the demo seed only runs on an empty database, and the worker's shared
 * one holds other files' rows. In-memory PGlite by default; with TEST_DATABASE_URL a clone of the
 * migrated template, dropped at the end (and by the global teardown if this run dies).
 */
async function openEmptyDatabase(): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({});
    await migrateDatabase(handle);
    return { handle, dispose: () => handle.close() };
  }
  // `vt_<pid>_`: another run's global setup drops test databases only when that process is gone.
  const name = `vt_${process.pid}_seed_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}" TEMPLATE ${inject('templateDatabase')}`);
  const handle = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 3 });
  return {
    handle,
    async dispose() {
      await handle.close();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

const COUNTED = {
  users,
  students,
  teachers,
  coordinators,
  organizations,
  projects,
  applys,
  communicationCenters,
  tfxes,
  resources,
  footerSections,
};

async function countRows(db: Database): Promise<Record<keyof typeof COUNTED, number>> {
  const entries = await Promise.all(
    Object.entries(COUNTED).map(async ([key, table]) => [key, await db.$count(table)] as const),
  );
  return Object.fromEntries(entries) as Record<keyof typeof COUNTED, number>;
}

async function userByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

/** Text compared as the search does: lower case, no accents. */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe('demo data', () => {
  let empty: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let db: Database;
  let firstAnswer: boolean;
  const uploadDir = mkdtempSync(join(tmpdir(), 'seed-test-uploads-'));
  const storage = new LocalStorage(uploadDir);

  beforeAll(async () => {
    empty = await openEmptyDatabase();
    db = empty.handle.db;
    firstAnswer = await seedDemoDataIfEmpty(db, log, storage);
  }, 60_000);

  afterAll(async () => {
    await empty?.dispose();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('when the database is empty, loads the data and answers true', () => {
    expect(firstAnswer).toBe(true);
  });

  it('creates the six demo accounts, confirmed, with their profile type and the demo password', async () => {
    const expected: Record<string, string> = {
      'estudiante@demo.es': 'student',
      'estudiante.nuevo@demo.es': 'student',
      'profesor@demo.es': 'teacher',
      'coordinador@demo.es': 'coordinator',
      'coordinador.nuevo@demo.es': 'coordinator',
      'admin@demo.es': 'admin',
    };
    expect(DEMO_ACCOUNTS.map((a) => a.email).sort()).toEqual(Object.keys(expected).sort());
    for (const [email, profileType] of Object.entries(expected)) {
      const user = await userByEmail(db, email);
      expect(user.profileType, email).toBe(profileType);
      expect(user.confirmed, email).toBe(true);
      expect(user.roleId, email).not.toBeNull();
      expect(await verifyPassword(user.password ?? '', DEMO_PASSWORD), email).toBe(true);
    }
  });

  it('leaves the new student without province and phone', async () => {
    const user = await userByEmail(db, 'estudiante.nuevo@demo.es');
    const [student] = await db.select().from(students).where(eq(students.userId, user.id));
    expect(user.phone).toBeNull();
    expect(student).toBeDefined();
    expect(student?.province).toBeNull();
  });

  it('stores every phone of the demo data in international form, as the API would (E.164)', async () => {
    const phones = [
      ...(await db.select({ phone: users.phone }).from(users).where(isNotNull(users.phone))),
      ...(await db
        .select({ phone: organizations.contact_phone })
        .from(organizations)
        .where(isNotNull(organizations.contact_phone))),
    ].map((row) => row.phone);
    expect(phones.length).toBeGreaterThan(10);
    for (const phone of phones) expect(toE164Phone(phone ?? '')).toBe(phone);
  });

  it('leaves the new coordinator without organisation, and gives the other one an organisation', async () => {
    const fresh = await userByEmail(db, 'coordinador.nuevo@demo.es');
    const withOrg = await userByEmail(db, 'coordinador@demo.es');
    const [a] = await db.select().from(coordinators).where(eq(coordinators.userId, fresh.id));
    const [b] = await db.select().from(coordinators).where(eq(coordinators.userId, withOrg.id));
    expect(a?.organizationId).toBeNull();
    expect(b?.organizationId).not.toBeNull();
    const own = await db
      .select()
      .from(projects)
      .where(eq(projects.organizationId, b?.organizationId ?? -1));
    expect(own.filter((p) => p.status === 'Publicada').length).toBeGreaterThanOrEqual(3);
  });

  it('gives the complete student a full profile, applications, favourites and notifications', async () => {
    const user = await userByEmail(db, 'estudiante@demo.es');
    const [student] = await db.select().from(students).where(eq(students.userId, user.id));
    if (!student) throw new Error('no student');
    expect(user.phone).toBeTruthy();
    expect(student).toMatchObject({ province: 'Murcia', study_type: 'Grado', goal: 'work' });
    for (const field of [
      'universityId',
      'campusId',
      'degreeId',
      'work_deadline',
      'thesis_stage',
    ] as const) {
      expect(student[field], field).toBeTruthy();
    }
    expect(student.competences).toBeTruthy();
    expect(student.notification?.email).toBe(true);
    expect(student.primaryKey).toMatch(/^E\d{4}$/);

    const own = await db.select().from(applys).where(eq(applys.studentId, student.id));
    expect(own.length).toBeGreaterThanOrEqual(5);
    expect(own.find((a) => a.status === 'Seleccionado')?.tutorAsignedId).not.toBeNull();
    expect(
      await db.$count(studentsFavoriteProjects, eq(studentsFavoriteProjects.studentId, student.id)),
    ).toBeGreaterThan(0);
    const entries = await db
      .select()
      .from(communicationCenters)
      .where(eq(communicationCenters.studentId, student.id));
    // Three are shown and "Ver notificaciones antiguas" adds three (spec §4): enough to press it
    // twice and still find unread and read entries among the older ones.
    expect(entries.length).toBeGreaterThanOrEqual(12);
    const unread = entries.filter((e) => !e.isRead);
    expect(unread.length).toBeGreaterThan(3);
    expect(entries.some((e) => e.isRead)).toBe(true);
    expect(new Set(entries.map((e) => e.notification_message)).size).toBe(entries.length);
  });

  it('gives the demo teacher a full profile and several published projects', async () => {
    const user = await userByEmail(db, 'profesor@demo.es');
    const [teacher] = await db.select().from(teachers).where(eq(teachers.userId, user.id));
    if (!teacher) throw new Error('no teacher');
    expect(teacher).toMatchObject({ class_type: 'Grado' });
    expect(teacher.teacher_area && teacher.universityId && teacher.campusId).toBeTruthy();
    const own = await db.select().from(projects).where(eq(projects.teacherId, teacher.id));
    expect(own.filter((p) => p.status === 'Publicada').length).toBeGreaterThanOrEqual(3);
  });

  it('covers every project status and every application status', async () => {
    const projectStatuses = await db.selectDistinct({ s: projects.status }).from(projects);
    const applicationStatuses = await db.selectDistinct({ s: applys.status }).from(applys);
    expect(projectStatuses.map((r) => r.s).sort()).toEqual([...PROJECT_STATUSES].sort());
    expect(applicationStatuses.map((r) => r.s).sort()).toEqual([...APPLICATION_STATUSES].sort());
  });

  it('sets publishedAt on published projects only, and most projects are published', async () => {
    const rows = await db
      .select({ status: projects.status, publishedAt: projects.publishedAt })
      .from(projects);
    for (const row of rows)
      expect(row.publishedAt !== null, row.status).toBe(row.status === 'Publicada');
    expect(rows.filter((r) => r.status === 'Publicada').length * 2).toBeGreaterThan(rows.length);
  });

  it('applies only to published projects', async () => {
    const rows = await db
      .select({ status: projects.status })
      .from(applys)
      .innerJoin(projects, eq(projects.id, applys.projectId));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['Publicada']));
  });

  it('turns every feature on for every role', async () => {
    const rows = await db.select().from(featurePermissions);
    expect(rows).toHaveLength(5 * FEATURES.length);
    for (const row of rows)
      expect(row).toMatchObject({ enabled: true, create: true, update: true });
  });

  it('publishes a footer whose images point at seeded files that exist in the web app', async () => {
    const [footer] = await db
      .select()
      .from(footerSections)
      .where(isNotNull(footerSections.publishedAt));
    const sections = footer?.FooterSection ?? [];
    expect(sections.length).toBeGreaterThanOrEqual(1);
    const images = sections.flatMap((s) =>
      s.rows.flatMap((r) => r.columns.flatMap((c) => c.images ?? [])),
    );
    expect(images.length).toBeGreaterThan(0);
    const ids = images.map((i) => i.source?.data?.id ?? -1);
    const seededFiles = await db.select().from(files).where(inArray(files.id, ids));
    expect(seededFiles).toHaveLength(new Set(ids).size);
    // The footer's images are files of the web app (the resources' pictures are in the storage).
    for (const file of seededFiles) {
      const onDisk = fileURLToPath(new URL(`../../../web/public${file.url}`, import.meta.url));
      expect(existsSync(onDisk), file.url).toBe(true);
    }
  });

  it('fills the library: 10 external works and a work of each of 42 former students, with its PDF', async () => {
    const works = await db.select().from(tfxes);
    const external = works.filter((w) => w.external);
    const platform = works.filter((w) => !w.external);
    expect(external).toHaveLength(EXTERNAL_TFXES.length);
    expect(external.length).toBeGreaterThanOrEqual(10);
    expect(platform).toHaveLength(PLATFORM_TFXES.length);
    expect(platform.filter((w) => w.review_status === 'published').length).toBeGreaterThanOrEqual(
      40,
    );
    for (const work of external) {
      expect(work, work.title).toMatchObject({
        review_status: 'published',
        text_status: 'none',
        fileId: null,
        studentId: null,
        publish_consent: true,
      });
      expect(work.file_URL, work.title).toMatch(/^https:\/\//);
      expect(
        work.author_name && work.institution && work.degree_name && work.import_key,
      ).toBeTruthy();
    }
    for (const work of platform) {
      expect(work, work.title).toMatchObject({ text_status: 'indexed', publish_consent: true });
      expect(work.fileId && work.degreeId && work.studentId, work.title).toBeTruthy();
      expect(work.degree_name && work.institution && work.study_area, work.title).toBeTruthy();
      expect(work.ods?.length, work.title).toBeGreaterThan(0);
      expect(work.document_text?.length ?? 0, work.title).toBeGreaterThan(1000);
      expect(work.publishedAt !== null, work.title).toBe(work.review_status === 'published');
    }
    expect(platform.filter((w) => w.awarded).length).toBeGreaterThanOrEqual(3);
    expect(new Set(platform.map((w) => w.studentId)).size).toBe(platform.length);
  });

  it('leaves one work waiting for review and one rejected with its reason, both by their authors', async () => {
    const pending = await db.select().from(tfxes).where(eq(tfxes.review_status, 'pending'));
    const rejected = await db.select().from(tfxes).where(eq(tfxes.review_status, 'rejected'));
    expect(pending).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.rejection_reason).toBeTruthy();
    for (const work of [...pending, ...rejected]) {
      expect(work.studentId).not.toBeNull();
      expect(work.publishedAt).toBeNull();
    }
  });

  it('gives works only to students who finished, and none to the demo students', async () => {
    const authors = await db
      .select({ stage: students.thesis_stage, email: users.email, university: sql<string>`u.name` })
      .from(tfxes)
      .innerJoin(students, eq(students.id, tfxes.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .innerJoin(sql`universities u`, sql`u.id = ${students.universityId}`);
    expect(authors).toHaveLength(PLATFORM_TFXES.length);
    for (const author of authors) expect(author.stage, author.email).toBe('finished');
    const emails = authors.map((a) => a.email);
    expect(emails).not.toContain('estudiante@demo.es');
    expect(emails).not.toContain('estudiante.nuevo@demo.es');
    // The work's university is its author's.
    const mismatched = await db
      .select({ title: tfxes.title })
      .from(tfxes)
      .innerJoin(students, eq(students.id, tfxes.studentId))
      .innerJoin(sql`universities u`, sql`u.id = ${students.universityId}`)
      .where(sql`${tfxes.institution} <> u.name OR ${tfxes.degreeId} <> ${students.degreeId}`);
    expect(mismatched).toEqual([]);
  });

  it("stores each work's PDF as a private upload of its author, whose text says the words only it says", async () => {
    const rows = await db
      .select({ title: tfxes.title, file: files, studentUser: students.userId })
      .from(tfxes)
      .innerJoin(files, eq(files.id, tfxes.fileId))
      .innerJoin(students, eq(students.id, tfxes.studentId));
    expect(rows).toHaveLength(PLATFORM_TFXES.length);
    for (const { title, file, studentUser } of rows) {
      expect(file, title).toMatchObject({
        mime: 'application/pdf',
        ext: '.pdf',
        isPrivate: true,
        uploadedById: studentUser,
        url: `/api/upload/files/${file.id}/content`,
      });
      const stored = await storage.get(file.storageKey ?? '');
      if (!stored) throw new Error(`no bytes for ${title}`);
      const bytes = await buffer(stored.body);
      expect(bytes.subarray(0, 5).toString(), title).toBe('%PDF-');
      const seed = PLATFORM_TFXES.find((w) => w.title === title);
      const { status, text, pages } = await extractPdfText(bytes);
      expect(status, title).toBe('indexed');
      expect(pages, title).toBeGreaterThanOrEqual(4);
      for (const word of Object.values(seed?.pdfOnly ?? {})) expect(text, title).toContain(word);
    }
  });

  it('finds each published work by any word only its PDF says, and nothing else by it', async () => {
    const everyTitleAndSummary = plain(
      [...EXTERNAL_TFXES, ...PLATFORM_TFXES]
        .map((w) => `${w.title} ${w.summary} ${w.tags.join(' ')}`)
        .join(' '),
    );
    expect(DEMO_PDF_ONLY_WORDS.length).toBeGreaterThanOrEqual(40);
    for (const { title, words } of DEMO_PDF_ONLY_WORDS) {
      for (const word of words) {
        expect(everyTitleAndSummary, `${word} (${title})`).not.toContain(plain(word));
        const found = await db
          .select({ title: tfxes.title })
          .from(tfxes)
          .innerJoin(tfxSearch, eq(tfxSearch.id, tfxes.id))
          .where(sql`${tfxSearch.vector} @@ plainto_tsquery('public.es', ${word})`);
        expect(
          found.map((f) => f.title),
          word,
        ).toEqual([title]);
      }
    }
  });

  it('publishes 20 resources in HTML the rich text allow-list keeps as it is, for every thesis stage', async () => {
    const rows = await db.select().from(resources);
    expect(rows).toHaveLength(RESOURCES.length);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const row of rows) {
      expect(row.publishedAt, row.title).not.toBeNull();
      expect(sanitizeRichText(row.content ?? ''), row.title).toBe(row.content);
      expect(row.content, row.title).toMatch(/^<h2>/);
      expect(row.content, row.title).not.toMatch(/^#|\*\*|\n- /m);
    }
    const stages = new Set(rows.flatMap((r) => r.tfx_status ?? []));
    expect([...stages].sort()).toEqual([...THESIS_STAGES].sort());
    expect(new Set(rows.flatMap((r) => r.purposes ?? [])).size).toBeGreaterThanOrEqual(15);
  });

  it('gives every resource its own illustration: a public WebP with its smaller copies, a Spanish alternative text, the same bytes for the same fixture', async () => {
    const rows = await db
      .select({ title: resources.title, file: files })
      .from(resources)
      .innerJoin(files, eq(files.id, resources.pictureId));
    expect(rows).toHaveLength(RESOURCES.length);
    const admin = await userByEmail(db, 'admin@demo.es');
    const order = illustrationOrder(RESOURCES);
    const digests = new Set<string>();
    for (const [index, seed] of RESOURCES.entries()) {
      const { file } = rows.find((row) => row.title === seed.title)!;
      expect(file, seed.title).toMatchObject({
        mime: 'image/webp',
        ext: '.webp',
        width: 1200,
        height: 630,
        isPrivate: false,
        uploadedById: admin.id,
      });
      expect(file.url).toBe(`/uploads/${file.hash}.webp`);
      expect(file.alternativeText, seed.title).toMatch(/^Ilustración: .+ sobre un fondo \p{L}/u);
      const formats = file.formats as Record<string, { url: string; width: number }>;
      expect(Object.keys(formats).sort()).toEqual(['small', 'thumbnail']);
      expect(formats.small!.url).toBe(`/uploads/small_${file.hash}.webp`);

      const stored = await storage.get(file.storageKey!);
      const bytes = await buffer(stored!.body);
      const again = await renderResourceIllustration(seed, order[index]);
      expect(bytes.equals(again.bytes), seed.title).toBe(true);
      expect(await sharp(bytes).metadata()).toMatchObject({
        format: 'webp',
        width: 1200,
        height: 630,
      });
      expect(await storage.get(`public/small_${file.hash}.webp`)).toBeDefined();
      expect(await storage.get(`public/thumbnail_${file.hash}.webp`)).toBeDefined();
      digests.add(createHash('sha256').update(bytes).digest('hex'));
    }
    expect(digests.size).toBe(RESOURCES.length);
  });

  it('when called again, answers false and adds nothing', async () => {
    const before = await countRows(db);
    expect(await seedDemoDataIfEmpty(db, log, storage)).toBe(false);
    expect(await countRows(db)).toEqual(before);
  });

  it(
    'seedScale(1) adds one unit of volume on top of the demo data',
    { timeout: 60_000 },
    async () => {
      const before = await countRows(db);
      const expected = scaleCounts(1);
      await seedScale(db, 1, log);
      const after = await countRows(db);
      expect(after.students - before.students).toBe(expected.students);
      expect(after.teachers - before.teachers).toBe(expected.teachers);
      expect(after.organizations - before.organizations).toBe(expected.organisations);
      expect(after.coordinators - before.coordinators).toBe(expected.organisations);
      expect(after.users - before.users).toBe(
        expected.students + expected.teachers + expected.organisations,
      );
      expect(after.projects - before.projects).toBe(expected.projects);
      expect(after.applys - before.applys).toBe(expected.applications);
      // Ten a student, and the bell benchmark's reader (the demo student) 2,000 more.
      expect(after.communicationCenters - before.communicationCenters).toBe(
        expected.notifications + HEAVY_READER_ENTRIES,
      );
      expect(after.tfxes - before.tfxes).toBe(expected.works);
      // The library's works are published, their PDF's text read and searchable (ADR 0038).
      const searchable = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(tfxes)
        .innerJoin(tfxSearch, eq(tfxSearch.id, tfxes.id))
        .where(
          sql`${tfxes.review_status} = 'published' AND ${tfxes.text_status} = 'indexed' AND ${tfxSearch.vector} @@ websearch_to_tsquery('public.es', 'Cronbach')`,
        );
      expect(searchable[0]!.n).toBeGreaterThan(0);

      // Every generated student and teacher key is well formed and beyond the hand-made ones.
      const keys = await db
        .select({ key: students.primaryKey })
        .from(students)
        .where(sql`length(${students.primaryKey}) > 5`);
      expect(keys).toHaveLength(expected.students);
      // Phones as the API stores them (E.164, ADR 0034).
      const phones = await db
        .select({ phone: users.phone })
        .from(users)
        .where(sql`${users.phone} !~ '^[+][1-9][0-9]{6,14}$'`);
      expect(phones).toEqual([]);
      // Running it again is another batch, not a collision.
      await expect(seedScale(db, 1, log)).resolves.toMatchObject({ students: expected.students });
    },
  );

  it('refuses a scale outside 1 to 1000', async () => {
    await expect(seedScale(db, 0, log)).rejects.toThrow(RangeError);
    await expect(seedScale(db, 1001, log)).rejects.toThrow(RangeError);
  });
});

describe('demo data on a database that already has users', () => {
  it('answers false and adds nothing', async () => {
    const { db } = await getTestDatabase();
    const email = `seed-guard-${process.pid}-${Date.now()}@example.com`;
    await db.insert(users).values({ username: email, email });
    const projectsBefore = await db.$count(projects);
    const storage = new LocalStorage(mkdtempSync(join(tmpdir(), 'seed-guard-')));
    expect(await seedDemoDataIfEmpty(db, log, storage)).toBe(false);
    expect(await db.$count(projects)).toBe(projectsBefore);
    await db.delete(users).where(eq(users.email, email));
  });
});

describe('demo data constants', () => {
  it('place every project in a town of its province, with subareas of its areas', () => {
    for (const project of PROJECTS) {
      const province = PROVINCES.find((p) => p.name === project.location);
      expect(province?.cities, project.title).toContain(project.locality);
      const subareas = STUDY_AREAS.filter((a) =>
        (project.areas as string[]).includes(a.name),
      ).flatMap((a) => a.subareas as readonly string[]);
      for (const subarea of project.subareas) expect(subareas, project.title).toContain(subarea);
    }
  });

  it('place every university in a town of its province and every teacher at a seeded campus', () => {
    for (const university of UNIVERSITIES) {
      expect(PROVINCES.find((p) => p.name === university.province)?.cities).toContain(
        university.city,
      );
    }
    for (const teacher of TEACHERS) {
      const university = UNIVERSITIES.find((u) => u.name === teacher.university);
      expect(
        university?.campuses.map((c) => c.name),
        teacher.key,
      ).toContain(teacher.campus);
    }
  });
});

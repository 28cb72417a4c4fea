import {
  communicationCenters,
  resources,
  studentsFavoriteResources,
  studentsFavoriteTfxes,
  tfxes,
} from '../../db/schema/index';
import { RESOURCES, TFXES } from '../fixtures/library';
import { GENERIC_NOTIFICATIONS, demoStudentNotifications } from '../fixtures/notifications';
import { daysAgo, minutesAgo, must, type SeedContext } from './context';
import type { SeededPeople } from './people';
import { DEMO_STUDENT_APPLICATIONS, DEMO_STUDENT_FAVOURITES } from './projects';

/**
 * The final-work library (external works and works of students who finished) and the resources,
 * all published, plus the works and resources students saved.
 */
export async function insertLibrary(ctx: SeedContext, people: SeededPeople): Promise<void> {
  const { tx, rng, now } = ctx;
  const authors = people.students.filter((s) => s.thesisStage === 'finished');
  let nextAuthor = 0;
  const tfxRows = await tx
    .insert(tfxes)
    .values(
      TFXES.map((seed) => {
        const [month, year] = seed.releaseMonth.split('/');
        const released = new Date(`${year}-${month}-20T10:00:00Z`);
        const author = seed.external ? null : must(authors[nextAuthor++], 'a student who finished');
        return {
          title: seed.title,
          summary: seed.summary,
          status: 'finished' as const,
          language: seed.language,
          tfxDate: `${year}-${month}-20`,
          index: seed.index.join('\n'),
          awarded: seed.awarded ?? false,
          sector: seed.sector,
          tags: seed.tags,
          release_month: seed.releaseMonth,
          studentId: author?.id ?? null,
          external: Boolean(seed.external),
          author_name: seed.external?.author ?? null,
          institution: seed.external?.institution ?? null,
          publishedAt: released,
          createdAt: released,
        };
      }),
    )
    .returning({ id: tfxes.id });

  const resourceRows = await tx
    .insert(resources)
    .values(
      RESOURCES.map((seed) => {
        const published = daysAgo(now, rng.int(10, 300));
        return {
          title: seed.title,
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
  const tfxFavourites = rng.sample(tfxRows, 3).map((t) => ({ studentId: demo, tfxId: t.id }));
  const resourceFavourites = rng
    .sample(resourceRows, 3)
    .map((r) => ({ studentId: demo, resourceId: r.id }));
  for (const student of people.students.slice(2)) {
    for (const t of rng.sample(tfxRows, rng.int(0, 2)))
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

import { eq } from 'drizzle-orm';
import { ODS, type ApplicationStatus, type ProjectStatus } from '@plataforma/shared';
import {
  applys,
  projectProgresses,
  projects,
  studentsFavoriteProjects,
  teachersFavoriteProjects,
} from '../../db/schema/index';
import { APPLICATION_TEXTS } from '../fixtures/people';
import { PROJECTS, type ProjectSeed } from '../fixtures/projects';
import type { SeededCampus, SeededCatalogue } from './catalogue';
import { daysAgo, isoDate, must, type SeedContext } from './context';
import type { SeededPeople, SeededStudent, SeededTeacher } from './people';

export interface SeededProject {
  id: number;
  seed: ProjectSeed;
  teacher: SeededTeacher | null;
  publishedAt: Date | null;
}

/** Statuses that went through validation. */
const VALIDATED: ProjectStatus[] = ['Validada', 'Publicada', 'Terminada'];

export async function insertProjects(
  ctx: SeedContext,
  catalogue: SeededCatalogue,
  people: SeededPeople,
): Promise<SeededProject[]> {
  const { tx, rng, now } = ctx;
  const seeded: SeededProject[] = [];
  for (const seed of PROJECTS) {
    const organisation = seed.by.organization
      ? must(people.organisations.get(seed.by.organization), `organisation ${seed.by.organization}`)
      : null;
    const teacher = seed.by.teacher
      ? must(people.teachers.get(seed.by.teacher), `teacher ${seed.by.teacher}`)
      : null;
    const createdDaysAgo = rng.int(20, 150);
    const isPublished = seed.status === 'Publicada';
    const publishedAt = isPublished ? daysAgo(now, rng.int(1, createdDaysAgo - 5)) : null;
    const deadline =
      seed.status === 'Terminada'
        ? daysAgo(now, rng.int(60, 120))
        : daysAgo(now, -rng.int(isPublished ? 15 : 60, isPublished ? 75 : 120));
    const [row] = await tx
      .insert(projects)
      .values({
        title: seed.title,
        description: seed.description,
        status: seed.status,
        type: seed.type,
        objectives: seed.objectives.join('\n'),
        ods: seed.ods,
        ods_explanation: odsExplanation(seed),
        academic_profile: academicProfile(seed),
        requirements: requirements(seed),
        working_method: workingMethod(seed),
        tags: seed.tags,
        internship: seed.internship ?? false,
        language: seed.language ?? 'Español',
        presentiality: seed.presentiality,
        location: seed.location,
        locality: seed.locality,
        organizationId: organisation?.id ?? null,
        teacherId: teacher?.id ?? null,
        coordinatorId: organisation?.coordinatorId ?? null,
        visibility_consent: rng.chance(0.7),
        remuneration: seed.remuneration ?? false,
        dedication: seed.dedication ?? 'Entre 5 y 10 horas semanales',
        campusId: (teacher?.campus ?? closestCampus(catalogue, seed))?.id ?? null,
        validated: VALIDATED.includes(seed.status),
        rejection_reason: seed.rejectionReason ?? null,
        application_deadline: isoDate(deadline),
        study_areas: seed.areas,
        study_subareas: seed.subareas,
        publishedAt,
        createdAt: daysAgo(now, createdDaysAgo),
      })
      .returning({ id: projects.id });
    seeded.push({ id: must(row?.id, `project ${seed.title}`), seed, teacher, publishedAt });
  }
  return seeded;
}

/** A campus of the project's province teaching one of its areas, else any campus there. */
function closestCampus(catalogue: SeededCatalogue, seed: ProjectSeed): SeededCampus | undefined {
  const inProvince = catalogue.campuses.filter((c) => c.province === seed.location);
  return (
    inProvince.find((c) => c.degrees.some((d) => seed.areas.includes(d.area))) ?? inProvince[0]
  );
}

function odsExplanation(seed: ProjectSeed): string {
  const names = seed.ods.map((n) => `${n} (${must(ODS[n - 1], `ODS ${n}`).name})`);
  return `El proyecto contribuye a los ODS ${names.join(', ')} con resultados medibles al terminar.`;
}

function academicProfile(seed: ProjectSeed): string {
  return `Estudiantes de ${seed.areas.join(' o ')}, especialmente de ${seed.subareas.join(', ')}.`;
}

function requirements(seed: ProjectSeed): string {
  const parts = [
    seed.type === 'TFG/TFM'
      ? 'Estar matriculado en el TFG o el TFM este curso.'
      : 'Estar matriculado en la universidad este curso.',
  ];
  if (seed.language && seed.language !== 'Español')
    parts.push(`Nivel B2 de ${seed.language.toLowerCase()}.`);
  parts.push('Interés por el impacto social y ganas de aprender en equipo.');
  return parts.join(' ');
}

function workingMethod(seed: ProjectSeed): string {
  const dedication = (seed.dedication ?? 'Entre 5 y 10 horas semanales').toLowerCase();
  switch (seed.presentiality) {
    case 'Presencial':
      return `Trabajo presencial en ${seed.locality}, con una reunión semanal con el equipo. Dedicación: ${dedication}.`;
    case 'Remoto':
      return `Trabajo en remoto, con una videollamada semanal y un canal de mensajería compartido. Dedicación: ${dedication}.`;
    case 'Híbrido':
      return `Modalidad híbrida: una jornada presencial a la semana en ${seed.locality} y el resto en remoto. Dedicación: ${dedication}.`;
  }
}

/** The complete demo student's applications: one per status but "Suplente". */
export const DEMO_STUDENT_APPLICATIONS: { title: string; status: ApplicationStatus }[] = [
  { title: 'Plataforma web de ofertas de empleo accesible para jóvenes', status: 'Seleccionado' },
  {
    title: 'Chatbot de orientación académica con IA para estudiantes de primer curso',
    status: 'Preseleccionado',
  },
  { title: 'Auditoría de accesibilidad de webs municipales valencianas', status: 'En revisión' },
  { title: 'Cuadro de mando de impacto para entidades sociales', status: 'Enviada' },
  { title: 'Mapa de la pobreza energética en Dos Hermanas', status: 'No seleccionado' },
  { title: 'Visualización de presupuestos municipales para la ciudadanía', status: 'Retirada' },
];

/** Projects the complete demo student saved. */
export const DEMO_STUDENT_FAVOURITES = [
  'Análisis de datos abiertos de calidad del aire en la Región de Murcia',
  'App móvil para reservar productos de cercanía y reducir el desperdicio',
  'Mentorías digitales para jóvenes en búsqueda de empleo',
  'Chatbot de orientación académica con IA para estudiantes de primer curso',
];

/** Status of the other applications, in turn: mostly early stages, every status present. */
const STATUS_CYCLE: ApplicationStatus[] = [
  'Enviada',
  'En revisión',
  'Preseleccionado',
  'Suplente',
  'No seleccionado',
  'Seleccionado',
  'Enviada',
  'Retirada',
  'En revisión',
  'Enviada',
  'No seleccionado',
  'Preseleccionado',
];

const STATUS_MESSAGES: Partial<Record<ApplicationStatus, string>> = {
  Preseleccionado: 'Nos ha gustado tu candidatura: te escribiremos para una breve entrevista.',
  Seleccionado: '¡Enhorabuena! Nos encantará trabajar contigo.',
  Suplente: 'Estás en la lista de suplentes: te avisaremos si queda una plaza libre.',
  'No seleccionado': 'Gracias por tu interés. En esta ocasión hemos elegido otro perfil.',
};

/**
 * Applications to published projects (unique per student and project): the demo student's, then
 * two to five per published project from the generated students. A project selects one student
 * at most; a selection gets a tutor and makes the project "ongoing" with a progress row.
 */
export async function insertApplications(
  ctx: SeedContext,
  seededProjects: SeededProject[],
  people: SeededPeople,
): Promise<void> {
  const { tx, rng } = ctx;
  const published = seededProjects.filter((p) => p.seed.status === 'Publicada');
  const byTitle = (title: string) =>
    must(
      published.find((p) => p.seed.title === title),
      `published project ${title}`,
    );
  const rows: (typeof applys.$inferInsert)[] = [];
  const selectedProjects = new Set<number>();
  const add = (student: SeededStudent, project: SeededProject, status: ApplicationStatus) => {
    if (status === 'Seleccionado') selectedProjects.add(project.id);
    rows.push(applicationValues(ctx, student, project, status, people));
  };

  for (const { title, status } of DEMO_STUDENT_APPLICATIONS)
    add(people.demoStudent, byTitle(title), status);

  const candidates = people.students.slice(2);
  let turn = 0;
  for (const project of published) {
    for (const student of rng.sample(candidates, rng.int(2, 5))) {
      let status = must(STATUS_CYCLE[turn++ % STATUS_CYCLE.length], 'status');
      if (status === 'Seleccionado' && selectedProjects.has(project.id)) status = 'Suplente';
      add(student, project, status);
    }
  }
  await tx.insert(applys).values(rows);

  // Ongoing projects (someone selected) have reached some milestones; finished ones all of them.
  for (const project of seededProjects) {
    const finished = project.seed.status === 'Terminada';
    if (!finished && !selectedProjects.has(project.id)) continue;
    const [progress] = await tx
      .insert(projectProgresses)
      .values({
        objectives: true,
        frame: finished || rng.chance(0.6),
        conclusions: finished,
        defense: finished,
        final: finished,
      })
      .returning({ id: projectProgresses.id });
    await tx
      .update(projects)
      .set({ progressId: must(progress?.id, 'progress') })
      .where(eq(projects.id, project.id));
  }
}

function applicationValues(
  ctx: SeedContext,
  student: SeededStudent,
  project: SeededProject,
  status: ApplicationStatus,
  people: SeededPeople,
): typeof applys.$inferInsert {
  const { rng, now } = ctx;
  const publishedDaysAgo = Math.max(
    1,
    Math.round((now.getTime() - (project.publishedAt ?? now).getTime()) / 86_400_000),
  );
  return {
    status,
    status_message: STATUS_MESSAGES[status] ?? null,
    interest: rng.pick(APPLICATION_TEXTS.interest),
    motivation: rng.pick(APPLICATION_TEXTS.motivation),
    good_candidate: rng.pick(APPLICATION_TEXTS.goodCandidate),
    availability: rng.pick(APPLICATION_TEXTS.availability),
    project_expected: rng.pick(APPLICATION_TEXTS.projectExpected),
    supermatch: rng.chance(0.15),
    studentId: student.id,
    projectId: project.id,
    callId: student.degree?.callId ?? null,
    dni: student.dni,
    tutorAsignedId: status === 'Seleccionado' ? tutorFor(student, project, people).id : null,
    createdAt: daysAgo(now, rng.int(0, publishedDaysAgo - 1) + rng.next()),
  };
}

/** The project's teacher, else a teacher of the student's university, else the demo teacher. */
function tutorFor(
  student: SeededStudent,
  project: SeededProject,
  people: SeededPeople,
): SeededTeacher {
  if (project.teacher) return project.teacher;
  const teachers = [...people.teachers.values()];
  return (
    teachers.find((t) => t.campus.universityId === student.campus?.universityId) ??
    must(people.teachers.get('demo'), 'demo teacher')
  );
}

/** Saved projects: the demo student's and demo teacher's, and a few of everybody else's. */
export async function insertProjectFavourites(
  ctx: SeedContext,
  seededProjects: SeededProject[],
  people: SeededPeople,
): Promise<void> {
  const { tx, rng } = ctx;
  const published = seededProjects.filter((p) => p.seed.status === 'Publicada');
  const idOf = (title: string) =>
    must(published.find((p) => p.seed.title === title)?.id, `published project ${title}`);

  const studentRows = DEMO_STUDENT_FAVOURITES.map((title) => ({
    studentId: people.demoStudent.id,
    projectId: idOf(title),
  }));
  for (const student of people.students.slice(2)) {
    for (const project of rng.sample(published, rng.int(0, 3))) {
      studentRows.push({ studentId: student.id, projectId: project.id });
    }
  }
  await tx.insert(studentsFavoriteProjects).values(studentRows);

  const teacherRows: { teacherId: number; projectId: number }[] = [];
  for (const teacher of people.teachers.values()) {
    const others = published.filter((p) => p.teacher?.id !== teacher.id);
    const count = teacher.key === 'demo' ? 2 : rng.int(0, 2);
    for (const project of rng.sample(others, count)) {
      teacherRows.push({ teacherId: teacher.id, projectId: project.id });
    }
  }
  if (teacherRows.length > 0) await tx.insert(teachersFavoriteProjects).values(teacherRows);
}

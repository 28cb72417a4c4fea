import {
  COMPETENCE_SECTIONS,
  INDIFFERENT_TAG,
  INTEREST_THEMES,
  PROVINCES,
  REACHED_US_HOW_OPTIONS,
  STUDENT_GOALS,
  THESIS_STAGES,
  WORK_DEADLINES,
  type CompetenceScores,
  type ProfileType,
  type ProvinceName,
  type ThesisStage,
} from '@plataforma/shared';
import type { NotificationPreferences } from '../../db/schema/index';
import {
  coordinators,
  organizations,
  students,
  teachers,
  teachersDegrees,
  users,
} from '../../db/schema/index';
import { DEMO_ORGANISATION_KEY, ORGANISATIONS } from '../fixtures/organisations';
import {
  ALUMNI,
  FIRST_NAMES,
  PENDING_TEACHERS,
  SURNAMES,
  TEACHERS,
  type AlumnusSeed,
} from '../fixtures/people';
import { createRandom, type Random } from '../random';
import type { RoleType, SeededCampus, SeededCatalogue, SeededDegree } from './catalogue';
import { daysAgo, dni, mobilePhone, must, slug, type SeedContext } from './context';

/** Generated students besides the two demo ones. */
const EXTRA_STUDENTS = 30;
/** The first generated students have finished their final work (they may upload it). */
export const FINISHED_STUDENTS = 9;
/** The alumni have a random of their own: adding one changes nothing else of the demo data. */
const ALUMNI_RANDOM_SEED = 20_260_102;

const EMAIL_DOMAIN = 'demo.es';

export interface SeededOrganisation {
  id: number;
  key: string;
  name: string;
  province: ProvinceName;
  coordinatorId: number;
}

export interface SeededTeacher {
  id: number;
  key: string;
  fullName: string;
  campus: SeededCampus;
}

export interface SeededStudent {
  id: number;
  userId: number;
  email: string;
  name: string;
  surname: string;
  campus: SeededCampus | null;
  degree: SeededDegree | null;
  dni: string | null;
  thesisStage: ThesisStage | null;
}

export interface SeededPeople {
  organisations: Map<string, SeededOrganisation>;
  teachers: Map<string, SeededTeacher>;
  /** Every student; the first two are estudiante@ and estudiante.nuevo@. */
  students: SeededStudent[];
  demoStudent: SeededStudent;
  newStudent: SeededStudent;
  /** Former students who finished and wrote a work of the library, by ALUMNI key. */
  alumni: Map<string, SeededStudent>;
}

interface UserPlan {
  email: string;
  name: string;
  surname: string;
  phone: string | null;
  profileType: ProfileType;
}

type StudentValues = Omit<typeof students.$inferInsert, 'userId' | 'primaryKey'>;

interface StudentPlan {
  user: UserPlan;
  campus: SeededCampus | null;
  degree: SeededDegree | null;
  values: StudentValues;
}

/**
 * Organisations with their coordinators, the coordinator without organisation, the admin, the
 * teachers and the students (users first, then the profile rows that point at them).
 */
export async function insertPeople(
  ctx: SeedContext,
  roleIds: Record<RoleType, number>,
  catalogue: SeededCatalogue,
): Promise<SeededPeople> {
  const { tx, rng, now } = ctx;
  const allocateEmail = createEmailAllocator();

  const coordinatorPlans = ORGANISATIONS.map((org) => ({
    org,
    user: {
      email:
        org.key === DEMO_ORGANISATION_KEY
          ? allocateEmail.exact('coordinador@demo.es')
          : allocateEmail(org.coordinator.name, org.coordinator.surname),
      name: org.coordinator.name,
      surname: org.coordinator.surname,
      phone: mobilePhone(rng),
      profileType: 'coordinator' as const,
    },
  }));
  const coordinatorWithoutOrg: UserPlan = {
    email: allocateEmail.exact('coordinador.nuevo@demo.es'),
    name: 'Elena',
    surname: 'Castillo Molina',
    phone: mobilePhone(rng),
    profileType: 'coordinator',
  };
  const admin: UserPlan = {
    email: allocateEmail.exact('admin@demo.es'),
    name: 'Marta',
    surname: 'Ortega Blanco',
    phone: null,
    profileType: 'admin',
  };
  const teacherPlans = TEACHERS.map((t) => ({
    seed: t,
    campus: catalogue.campus(t.university, t.campus),
    user: {
      email: t.email ? allocateEmail.exact(t.email) : allocateEmail(t.name, t.surname),
      name: t.name,
      surname: t.surname,
      phone: mobilePhone(rng),
      profileType: 'teacher' as const,
    },
  }));
  const studentPlans = [
    demoStudentPlan(ctx, catalogue, allocateEmail.exact('estudiante@demo.es')),
    newStudentPlan(ctx, catalogue, allocateEmail.exact('estudiante.nuevo@demo.es')),
    ...Array.from({ length: EXTRA_STUDENTS }, (_, i) =>
      generatedStudentPlan(
        ctx,
        catalogue,
        allocateEmail,
        i < FINISHED_STUDENTS ? 'finished' : null,
      ),
    ),
  ];
  // After everyone else, so the others keep their emails, keys and ids.
  const alumniRng = createRandom(ALUMNI_RANDOM_SEED);
  const alumniPlans = ALUMNI.map((seed) =>
    alumnusPlan({ ...ctx, rng: alumniRng }, catalogue, allocateEmail, seed),
  );
  const everyStudentPlan = [...studentPlans, ...alumniPlans];

  const userPlans: UserPlan[] = [
    ...coordinatorPlans.map((c) => c.user),
    coordinatorWithoutOrg,
    admin,
    ...teacherPlans.map((t) => t.user),
    ...everyStudentPlan.map((s) => s.user),
  ];
  const roleOf: Record<ProfileType, number> = {
    student: roleIds.student,
    teacher: roleIds.teacher,
    coordinator: roleIds.coordinator,
    admin: roleIds.admin,
  };
  const userRows = await tx
    .insert(users)
    .values(
      userPlans.map((u) => ({
        username: u.email.split('@')[0] ?? u.email,
        email: u.email,
        password: ctx.passwordHash,
        confirmed: true,
        roleId: roleOf[u.profileType],
        name: u.name,
        surname: u.surname,
        phone: u.phone,
        profileType: u.profileType,
        createdAt: daysAgo(now, rng.int(30, 400)),
      })),
    )
    .returning({ id: users.id, email: users.email });
  const userId = (email: string) =>
    must(userRows.find((u) => u.email === email)?.id, `user ${email}`);

  // Organisations and their coordinators.
  const organisations = new Map<string, SeededOrganisation>();
  for (const { org, user } of coordinatorPlans) {
    const domain = slug(org.name).replaceAll('.', '-');
    const [row] = await tx
      .insert(organizations)
      .values({
        name: org.name,
        type: org.type,
        sector: org.sector,
        size: org.size,
        description: org.description,
        location: org.city === org.province ? org.city : `${org.city} (${org.province})`,
        web: `https://${domain}.example.org`,
        linkedin: `https://www.linkedin.com/company/${domain}`,
        reachedUsHow: org.reachedUsHow,
        contact_phone: user.phone,
        contact_mail: `contacto@${domain}.example.org`,
        contact_name: `${user.name} ${user.surname}`,
      })
      .returning({ id: organizations.id });
    const organizationId = must(row?.id, `organisation ${org.name}`);
    const [coordinator] = await tx
      .insert(coordinators)
      .values({
        userId: userId(user.email),
        organizationId,
        job_position: org.coordinator.jobPosition,
      })
      .returning({ id: coordinators.id });
    organisations.set(org.key, {
      id: organizationId,
      key: org.key,
      name: org.name,
      province: org.province,
      coordinatorId: must(coordinator?.id, `coordinator of ${org.name}`),
    });
  }
  await tx.insert(coordinators).values({
    userId: userId(coordinatorWithoutOrg.email),
    organizationId: null,
    job_position: 'Técnica de proyectos',
  });

  // Teachers, with the degrees of their campus that match their class type.
  const teacherMap = new Map<string, SeededTeacher>();
  for (const [index, plan] of teacherPlans.entries()) {
    const [row] = await tx
      .insert(teachers)
      .values({
        primaryKey: `P${String(index + 1).padStart(4, '0')}`,
        userId: userId(plan.user.email),
        universityId: plan.campus.universityId,
        campusId: plan.campus.id,
        teacher_area: plan.seed.area,
        class_type: plan.seed.classType,
        invited: index % 3 === 1,
        // They publish projects (ADR 0051).
        verification: 'verified',
        publishedAt: daysAgo(now, rng.int(20, 300)),
      })
      .returning({ id: teachers.id });
    const teacherId = must(row?.id, `teacher ${plan.user.email}`);
    const isMaster = plan.seed.classType === 'Máster';
    const taught = plan.campus.degrees.filter((d) => d.master === isMaster);
    await tx.insert(teachersDegrees).values(
      (taught.length > 0 ? taught : plan.campus.degrees).map((d) => ({
        teacherId,
        degreeId: d.id,
      })),
    );
    teacherMap.set(plan.seed.key, {
      id: teacherId,
      key: plan.seed.key,
      fullName: `${plan.user.name} ${plan.user.surname}`,
      campus: plan.campus,
    });
  }

  // Students.
  const studentRows = await tx
    .insert(students)
    .values(
      everyStudentPlan.map((plan, index) => ({
        ...plan.values,
        primaryKey: `E${String(index + 1).padStart(4, '0')}`,
        userId: userId(plan.user.email),
      })),
    )
    .returning({ id: students.id, userId: students.userId });
  const seeded = (plan: StudentPlan): SeededStudent => {
    const uid = userId(plan.user.email);
    return {
      id: must(studentRows.find((r) => r.userId === uid)?.id, `student ${plan.user.email}`),
      userId: uid,
      email: plan.user.email,
      name: plan.user.name,
      surname: plan.user.surname,
      campus: plan.campus,
      degree: plan.degree,
      dni: plan.values.dni ?? null,
      thesisStage: plan.values.thesis_stage ?? null,
    };
  };
  const seededStudents = studentPlans.map(seeded);

  await insertPendingTeachers(ctx, roleIds.teacher, catalogue, allocateEmail);

  return {
    organisations,
    teachers: teacherMap,
    students: seededStudents,
    demoStudent: must(seededStudents[0], 'demo student'),
    newStudent: must(seededStudents[1], 'new demo student'),
    alumni: new Map(ALUMNI.map((seed, i) => [seed.key, seeded(must(alumniPlans[i], seed.key))])),
  };
}

/**
 * The teachers waiting for an admin's decision (ADR 0051). Made last and without the random, so
 * every other row of the demo keeps its values.
 */
async function insertPendingTeachers(
  { tx, now, passwordHash }: SeedContext,
  roleId: number,
  catalogue: SeededCatalogue,
  allocateEmail: EmailAllocator,
): Promise<void> {
  for (const [index, seed] of PENDING_TEACHERS.entries()) {
    const since = daysAgo(now, seed.daysAgo);
    const email = allocateEmail(seed.name, seed.surname);
    const [user] = await tx
      .insert(users)
      .values({
        username: email.split('@')[0] ?? email,
        email,
        password: passwordHash,
        confirmed: true,
        roleId,
        name: seed.name,
        surname: seed.surname,
        profileType: 'teacher',
        createdAt: since,
      })
      .returning({ id: users.id });
    await tx.insert(teachers).values({
      primaryKey: `P${String(TEACHERS.length + index + 1).padStart(4, '0')}`,
      userId: must(user?.id, `user ${email}`),
      universityId: catalogue.universityId(seed.university),
      teacher_area: seed.area,
      class_type: 'Grado',
      verification: 'pending',
      publishedAt: since,
      createdAt: since,
    });
  }
}

/** estudiante@demo.es: every profile field filled in (spec §3 Student). */
function demoStudentPlan(ctx: SeedContext, catalogue: SeededCatalogue, email: string): StudentPlan {
  const campus = catalogue.campus('Universidad de Murcia', 'Facultad de Informática');
  const degree = must(
    campus.degrees.find((d) => d.name === 'Grado en Ingeniería Informática'),
    'demo student degree',
  );
  const competences: CompetenceScores = {
    flexibility: 4.5,
    initiative: 5.2,
    teamwork: 5.6,
    communication: 4.8,
    growthMindset: 5.5,
  };
  const notification: NotificationPreferences = {
    pre_selected: true,
    not_selected: true,
    selected: true,
    new_matching_projects: true,
    u4i_advice: true,
    save_projects_with_candidates: false,
    save_projects_selected: true,
    professional_offers: true,
    email: true,
    whatsapp: false,
  };
  return {
    user: {
      email,
      name: 'Lucía',
      surname: 'Martínez Navarro',
      phone: '+34612345678',
      profileType: 'student',
    },
    campus,
    degree,
    values: {
      universityId: campus.universityId,
      campusId: campus.id,
      degreeId: degree.id,
      province: 'Murcia',
      student_area: degree.area,
      study_type: 'Grado',
      work_deadline: 'Elijo este curso',
      tags: [
        'Inteligencia artificial',
        'Brecha digital',
        'Desarrollo de apps y webs',
        'Educación inclusiva',
      ],
      reachedUsHow: 'Una charla en mi universidad',
      competences,
      disability: false,
      dni: dni(48_612_345),
      notification,
      thesis_stage: 'choosing',
      goal: 'work',
      validated: true,
      qualification: 8.35,
      publishedAt: daysAgo(ctx.now, 120),
      createdAt: daysAgo(ctx.now, 120),
    },
  };
}

/** estudiante.nuevo@demo.es: just registered, no province and no phone (spec §2 welcome modal). */
function newStudentPlan(ctx: SeedContext, catalogue: SeededCatalogue, email: string): StudentPlan {
  return {
    user: { email, name: 'Pablo', surname: 'Sánchez Ruiz', phone: null, profileType: 'student' },
    campus: null,
    degree: null,
    values: {
      universityId: catalogue.universityId('Universidad de Murcia'),
      province: null,
      validated: false,
      publishedAt: ctx.now,
      createdAt: ctx.now,
    },
  };
}

const INTEREST_TAGS = INTEREST_THEMES.flatMap((t) => t.tags);

function generatedStudentPlan(
  ctx: SeedContext,
  catalogue: SeededCatalogue,
  allocateEmail: EmailAllocator,
  thesisStage: ThesisStage | null,
): StudentPlan {
  const { rng, now } = ctx;
  const name = rng.pick(FIRST_NAMES);
  const surname = `${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`;
  const campus = rng.pick(catalogue.campuses);
  const degree = rng.pick(campus.degrees);
  const workDeadline = rng.pick(WORK_DEADLINES);
  const province: ProvinceName = rng.chance(0.8) ? campus.province : rng.pick(PROVINCES).name;
  const since = rng.int(20, 500);
  return {
    user: {
      email: allocateEmail(name, surname),
      name,
      surname,
      phone: mobilePhone(rng),
      profileType: 'student',
    },
    campus,
    degree,
    values: {
      universityId: campus.universityId,
      campusId: campus.id,
      degreeId: degree.id,
      province,
      student_area: degree.area,
      study_type: degree.master ? 'Máster' : 'Grado',
      work_deadline: workDeadline,
      work_deadline_estimate:
        workDeadline === 'No lo sé' ? 'Probablemente dentro de dos cursos' : null,
      tags: rng.chance(0.1) ? [INDIFFERENT_TAG] : rng.sample(INTEREST_TAGS, rng.int(2, 4)),
      reachedUsHow: rng.pick(REACHED_US_HOW_OPTIONS),
      competences: rng.chance(0.7) ? randomCompetences(rng) : null,
      disability: rng.chance(0.06),
      dni: dni(rng.int(10_000_000, 79_999_999)),
      notification: randomPreferences(rng),
      thesis_stage: thesisStage ?? rng.pick(THESIS_STAGES.filter((s) => s !== 'finished')),
      goal: rng.pick(STUDENT_GOALS),
      validated: rng.chance(0.85),
      qualification: rng.chance(0.6) ? rng.int(550, 950) / 100 : null,
      publishedAt: daysAgo(now, since),
      createdAt: daysAgo(now, since),
    },
  };
}

/** A former student who finished their work at the campus and degree the work belongs to. */
function alumnusPlan(
  ctx: SeedContext,
  catalogue: SeededCatalogue,
  allocateEmail: EmailAllocator,
  seed: AlumnusSeed,
): StudentPlan {
  const { rng, now } = ctx;
  const campus = catalogue.campus(seed.university, seed.campus);
  const degree = must(
    campus.degrees.find((d) => d.name === seed.degree),
    `degree ${seed.degree} at ${seed.campus}`,
  );
  const since = rng.int(400, 1200);
  return {
    user: {
      email: allocateEmail(seed.name, seed.surname),
      name: seed.name,
      surname: seed.surname,
      phone: mobilePhone(rng),
      profileType: 'student',
    },
    campus,
    degree,
    values: {
      universityId: campus.universityId,
      campusId: campus.id,
      degreeId: degree.id,
      province: campus.province,
      student_area: degree.area,
      study_type: degree.master ? 'Máster' : 'Grado',
      tags: rng.sample(INTEREST_TAGS, rng.int(2, 4)),
      reachedUsHow: rng.pick(REACHED_US_HOW_OPTIONS),
      competences: rng.chance(0.5) ? randomCompetences(rng) : null,
      disability: false,
      dni: dni(rng.int(10_000_000, 79_999_999)),
      notification: randomPreferences(rng),
      thesis_stage: 'finished',
      goal: rng.pick(STUDENT_GOALS),
      validated: true,
      qualification: rng.int(650, 980) / 100,
      publishedAt: daysAgo(now, since),
      createdAt: daysAgo(now, since),
    },
  };
}

/** Mean answer per section on the 0 to 6 scale (spec §9), one decimal. */
function randomCompetences(rng: Random): CompetenceScores {
  return Object.fromEntries(COMPETENCE_SECTIONS.map((s) => [s.key, rng.int(25, 60) / 10]));
}

function randomPreferences(rng: Random): NotificationPreferences {
  return {
    pre_selected: true,
    not_selected: rng.chance(0.8),
    selected: true,
    new_matching_projects: rng.chance(0.7),
    u4i_advice: rng.chance(0.5),
    save_projects_with_candidates: rng.chance(0.3),
    save_projects_selected: rng.chance(0.5),
    professional_offers: rng.chance(0.6),
    email: true,
    whatsapp: rng.chance(0.3),
  };
}

type EmailAllocator = ((name: string, surname: string) => string) & {
  exact(email: string): string;
};

/** Unique addresses "nombre.apellido@demo.es", with a number when a name repeats. */
function createEmailAllocator(): EmailAllocator {
  const used = new Set<string>();
  const take = (email: string) => {
    if (used.has(email)) throw new Error(`Seed data: e-mail ${email} used twice`);
    used.add(email);
    return email;
  };
  const allocate = (name: string, surname: string) => {
    const base = `${slug(name.split(' ')[0] ?? name)}.${slug(surname.split(' ')[0] ?? surname)}`;
    let candidate = `${base}@${EMAIL_DOMAIN}`;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}${n}@${EMAIL_DOMAIN}`;
    return take(candidate);
  };
  return Object.assign(allocate, { exact: take });
}

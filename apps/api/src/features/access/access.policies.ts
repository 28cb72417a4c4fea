import { roleOf, type Actor, type Role } from '../../lib/strapi/actor';
import type { AccessPolicy, FilterObject, Scope } from '../../lib/strapi/types';
import { publishedByCoordinator, publishedByTeacher } from '../projects/projects.people';

/**
 * Who may do what: one table, content type × action, with ownership expressed as scopes (Strapi
 * filter objects the engine compiles into the SQL of every read and write). Default deny: a type
 * or action missing here is refused. Decided in ADR 0012; walked by access.matrix.test.ts.
 *
 * Roles: visitor (no token), student, teacher, coordinator (of an organisation), admin, and
 * `authenticated` (signed in, no profile type chosen yet).
 */

const me = (actor: Actor) => (actor.kind === 'user' ? actor.userId : -1);

/** A scope per role; roles not listed get `false`. */
function byRole(scopes: Partial<Record<Role, (actor: Actor) => Scope>>) {
  return (actor: Actor): Scope => scopes[roleOf(actor)]?.(actor) ?? false;
}

const always = () => true;
const published: FilterObject = { publishedAt: { $notNull: true } };
const or = (...filters: FilterObject[]): FilterObject => ({ $or: filters });

// ---- ownership paths, from the user id ----
const ownUser = (a: Actor): FilterObject => ({ id: me(a) });
const ownProfile = (a: Actor): FilterObject => ({ user: { id: me(a) } });
/** Projects a teacher publishes (projects.people.ts: the one definition). */
const teacherProjects = (a: Actor): FilterObject => publishedByTeacher(me(a));
/** Projects of the organisation a coordinator belongs to, or that the coordinator published. */
const coordinatorProjects = (a: Actor): FilterObject => publishedByCoordinator(me(a));
/** Applications a teacher reviews or tutors. */
const teacherApplications = (a: Actor): FilterObject =>
  or({ project: teacherProjects(a) }, { tutorAsigned: { user: { id: me(a) } } });
const coordinatorApplications = (a: Actor): FilterObject => ({ project: coordinatorProjects(a) });

const admin = (actor: Actor) => roleOf(actor) === 'admin';

/** Keys of `data` are all in `allowed`. */
const only = (data: Record<string, unknown>, allowed: readonly string[]) =>
  Object.keys(data).every((key) => allowed.includes(key));

/** Public content: everyone reads, admins write. */
const publicContent: AccessPolicy = {
  find: always,
  create: admin,
  update: byRole({ admin: always }),
  delete: byRole({ admin: always }),
};

/** Draft/publish content: everyone reads what is published, admins everything and write. */
const publishedContent: AccessPolicy = {
  ...publicContent,
  find: byRole({
    visitor: () => published,
    authenticated: () => published,
    student: () => published,
    teacher: () => published,
    coordinator: () => published,
    admin: always,
  }),
};

const STUDENT_OWN_FIELDS = [
  'degree',
  'university',
  'campus',
  'other_university',
  'other_campus',
  'other_degree',
  'province',
  'student_area',
  'study_type',
  'work_deadline',
  'work_deadline_estimate',
  'tags',
  'reachedUsHow',
  'competences',
  'disability',
  'dni',
  'CV',
  'notification',
  'thesis_stage',
  'goal',
  'favorites',
  'favorites_tfxes',
  'favorites_resources',
] as const;
const TEACHER_OWN_FIELDS = [
  'university',
  'campus',
  'other_university',
  'other_campus',
  'degrees',
  'teacher_area',
  'class_type',
  'notification_deadline',
  'favorites',
] as const;
/** What a student may change in their own application (withdrawing is status → Retirada). */
const APPLICANT_FIELDS = [
  'status',
  'CV',
  'CV_url',
  'video',
  'interest',
  'motivation',
  'good_candidate',
  'tutor',
  'project_expected',
  'availability',
  'rtx_interest',
  'call',
  'dni',
] as const;
/**
 * What a student sends when applying: their answers and the project they apply to. The status
 * and the reviewers' fields are not theirs to set: an application starts as Enviada.
 */
const APPLICATION_FIELDS = [
  'student',
  'project',
  ...APPLICANT_FIELDS.filter((field) => field !== 'status'),
] as const;
/** What a project's publisher may change in an application to it. */
const REVIEWER_FIELDS = ['status', 'status_message', 'supermatch'] as const;
/** Relations of an organisation only admins write (people and projects, ADR 0024). */
const ORGANIZATION_LINKS = ['coordinators', 'projects'] as const;
const hasAny = (data: Record<string, unknown>, keys: readonly string[]) =>
  keys.some((key) => key in data);
/**
 * What a student writes of their own final work; the server fills in the rest (student, stage,
 * degree, university, date, review and text status: library.lifecycles.ts, ADR 0037). Review
 * decisions, awards, external works, counts and the import key are staff's or the server's.
 */
const TFX_AUTHOR_FIELDS = [
  'title',
  'summary',
  'language',
  'release_month',
  'sector',
  'tags',
  'ods',
  'index',
  'file',
  'file_URL',
  'publish_consent',
  'status',
  'student',
] as const;
/** Statuses only an admin sets on a project (validation, spec workflow ADR 0003). */
const ADMIN_PROJECT_STATUSES = ['Validada', 'Publicada', 'Rechazada'];

export const ACCESS_POLICIES: Record<string, AccessPolicy> = {
  // ---- accounts ----
  'plugin::users-permissions.user': {
    // Other people are visible only where the platform shows them: the publishers of projects, and
    // to a publisher the people who applied to their projects. Email and phone are protected.
    find: byRole({
      authenticated: ownUser,
      student: (a) => or(ownUser(a), { profileType: { $in: ['teacher', 'coordinator'] } }),
      teacher: (a) =>
        or(
          ownUser(a),
          { profileType: { $in: ['teacher', 'coordinator'] } },
          { student: { applys: teacherApplications(a) } },
        ),
      coordinator: (a) =>
        or(
          ownUser(a),
          { profileType: { $in: ['teacher', 'coordinator'] } },
          { student: { applys: coordinatorApplications(a) } },
        ),
      admin: always,
    }),
    protectedScope: byRole({
      authenticated: ownUser,
      student: ownUser,
      teacher: ownUser,
      coordinator: ownUser,
      admin: always,
    }),
    create: admin,
    update: byRole({
      authenticated: ownUser,
      student: ownUser,
      teacher: ownUser,
      coordinator: ownUser,
      admin: always,
    }),
    canWrite: (actor, { data }) =>
      admin(actor) || only(data, ['username', 'email', 'name', 'surname', 'phone', 'picture']),
    delete: byRole({ admin: always }),
  },
  'plugin::users-permissions.role': {
    find: byRole({ admin: always }),
    create: admin,
    update: byRole({ admin: always }),
    delete: byRole({ admin: always }),
  },
  // Files are read through the entries that hold them; their own routes check uploader and entry.
  'plugin::upload.file': {
    find: always,
    create: admin,
    update: byRole({ admin: always }),
    delete: byRole({ admin: always }),
  },

  // ---- catalogue and site ----
  'api::university.university': publicContent,
  'api::campus.campus': publicContent,
  'api::degree.degree': publicContent,
  'api::call.call': publicContent,
  'api::study-area.study-area': publicContent,
  'api::study-subarea.study-subarea': publicContent,
  'api::branding.branding': publicContent,
  'api::branding-saas.branding-saas': publicContent,
  'api::feature-permission.feature-permission': publicContent,
  'api::footer-section.footer-section': publishedContent,
  // The teacher domains (ADR 0051): which addresses are verified on registration is the
  // admins' business; nobody else reads it. One row, from the migration: never deleted.
  'api::teacher-setting.teacher-setting': {
    find: byRole({ admin: always }),
    create: admin,
    update: byRole({ admin: always }),
  },
  'api::banner.banner': publishedContent,
  'api::resource.resource': publishedContent,

  // ---- profiles ----
  'api::student.student': {
    // A student is seen by themself, by the publishers of the projects they applied to and by the
    // teacher who tutors them; DNI and disability only by themself and admins.
    find: byRole({
      student: ownProfile,
      teacher: (a) => ({ applys: teacherApplications(a) }),
      coordinator: (a) => ({ applys: coordinatorApplications(a) }),
      admin: always,
    }),
    protectedScope: byRole({ student: ownProfile, admin: always }),
    create: admin,
    update: byRole({ student: ownProfile, admin: always }),
    canWrite: (actor, { data }) => admin(actor) || only(data, STUDENT_OWN_FIELDS),
    delete: byRole({ admin: always }),
  },
  'api::teacher.teacher': {
    // Teachers publish and tutor: signed-in people see them; visitors those with a published project.
    find: byRole({
      visitor: () => ({ projects: published }),
      authenticated: always,
      student: always,
      teacher: always,
      coordinator: always,
      admin: always,
    }),
    protectedScope: byRole({ teacher: ownProfile, admin: always }),
    create: admin,
    update: byRole({ teacher: ownProfile, admin: always }),
    canWrite: (actor, { data }) => admin(actor) || only(data, TEACHER_OWN_FIELDS),
    delete: byRole({ admin: always }),
  },
  'api::coordinator.coordinator': {
    find: byRole({
      coordinator: (a) =>
        or(ownProfile(a), { organization: { coordinators: { user: { id: me(a) } } } }),
      admin: always,
    }),
    protectedScope: byRole({ coordinator: ownProfile, admin: always }),
    create: admin,
    update: byRole({ coordinator: ownProfile, admin: always }),
    canWrite: (actor, { data }) => admin(actor) || only(data, ['job_position']),
    delete: byRole({ admin: always }),
  },
  'api::organization.organization': {
    find: always,
    // Contact data: admins and the organisation's own coordinators.
    protectedScope: byRole({
      coordinator: (a) => ({ coordinators: { user: { id: me(a) } } }),
      admin: always,
    }),
    // A coordinator never links people or projects to an organisation: their own link is made
    // by the server when they create it (ADR 0024); moving projects or coordinators is an admin's.
    create: (actor, { data }) =>
      admin(actor) || (roleOf(actor) === 'coordinator' && !hasAny(data, ORGANIZATION_LINKS)),
    update: byRole({
      coordinator: (a) => ({ coordinators: { user: { id: me(a) } } }),
      admin: always,
    }),
    canWrite: (actor, { data }) => admin(actor) || !hasAny(data, ORGANIZATION_LINKS),
    delete: byRole({ admin: always }),
  },

  // ---- projects and applications ----
  'api::project.project': {
    find: byRole({
      visitor: () => published,
      authenticated: () => published,
      // Out of the catalogue (ended, withdrawn), a project stays readable by those it concerns:
      // the students who applied to it and the teachers who tutor one of them.
      student: (a) => or(published, { applys: { student: ownProfile(a) } }),
      teacher: (a) =>
        or(published, teacherProjects(a), { applys: { tutorAsigned: { user: { id: me(a) } } } }),
      coordinator: (a) => or(published, coordinatorProjects(a)),
      admin: always,
    }),
    create: (actor) => ['teacher', 'coordinator', 'admin'].includes(roleOf(actor)),
    // A created or changed project must stay the writer's own (you cannot publish for someone else).
    createScope: byRole({
      teacher: teacherProjects,
      coordinator: coordinatorProjects,
      admin: always,
    }),
    update: byRole({ teacher: teacherProjects, coordinator: coordinatorProjects, admin: always }),
    // On create the workflow answers a status other than a draft or a review request with its own
    // message (projects.lifecycles.ts); the rest is refused here alike on create and update.
    canWrite: (actor, { data, mode }) =>
      admin(actor) ||
      (!('validated' in data) &&
        !('rejection_reason' in data) &&
        (mode === 'create' || !ADMIN_PROJECT_STATUSES.includes(String(data.status))) &&
        !('publishedAt' in data && data.publishedAt !== null)),
    delete: byRole({ teacher: teacherProjects, coordinator: coordinatorProjects, admin: always }),
  },
  'api::project-progress.project-progress': {
    find: byRole({
      student: (a) => ({ project: { applys: { status: 'Seleccionado', student: ownProfile(a) } } }),
      teacher: (a) => ({
        project: or(teacherProjects(a), { applys: { tutorAsigned: { user: { id: me(a) } } } }),
      }),
      coordinator: (a) => ({ project: coordinatorProjects(a) }),
      admin: always,
    }),
    create: (actor) => ['teacher', 'coordinator', 'admin'].includes(roleOf(actor)),
    update: byRole({
      student: (a) => ({ project: { applys: { status: 'Seleccionado', student: ownProfile(a) } } }),
      teacher: (a) => ({
        project: or(teacherProjects(a), { applys: { tutorAsigned: { user: { id: me(a) } } } }),
      }),
      coordinator: (a) => ({ project: coordinatorProjects(a) }),
      admin: always,
    }),
    canWrite: (actor, { data }) =>
      admin(actor) || only(data, ['objectives', 'frame', 'conclusions', 'defense', 'final']),
    delete: byRole({ admin: always }),
  },
  'api::apply.apply': {
    find: byRole({
      student: (a) => ({ student: ownProfile(a) }),
      teacher: teacherApplications,
      coordinator: coordinatorApplications,
      admin: always,
    }),
    protectedScope: byRole({ student: (a) => ({ student: ownProfile(a) }), admin: always }),
    create: (actor) => roleOf(actor) === 'student' || admin(actor),
    // A student applies as themself, to a published project.
    createScope: byRole({
      student: (a) => ({ student: ownProfile(a), project: published }),
      admin: always,
    }),
    update: byRole({
      student: (a) => ({ student: ownProfile(a) }),
      teacher: (a) => ({ project: teacherProjects(a) }),
      coordinator: coordinatorApplications,
      admin: always,
    }),
    canWrite: (actor, { data, mode }) => {
      switch (roleOf(actor)) {
        case 'admin':
          return true;
        case 'student':
          if (mode === 'create') return only(data, APPLICATION_FIELDS);
          return (
            only(data, APPLICANT_FIELDS) && (!('status' in data) || data.status === 'Retirada')
          );
        case 'teacher':
        case 'coordinator':
          return only(data, REVIEWER_FIELDS);
        default:
          return false;
      }
    },
    delete: byRole({ admin: always }),
  },

  // ---- library ----
  'api::tfx.tfx': {
    find: byRole({
      visitor: () => published,
      authenticated: () => published,
      student: (a) => or(published, { student: ownProfile(a) }),
      teacher: () => published,
      coordinator: () => published,
      admin: always,
    }),
    create: (actor) => roleOf(actor) === 'student' || admin(actor),
    createScope: byRole({
      student: (a) => ({ student: ownProfile(a), external: false }),
      admin: always,
    }),
    update: byRole({ student: (a) => ({ student: ownProfile(a) }), admin: always }),
    // A student's work is a finished one, unpublished until staff publish it (a `publishedAt:
    // null` changes nothing); it stays theirs (the author never changes hands).
    canWrite: (actor, { data, mode }) =>
      admin(actor) ||
      (roleOf(actor) === 'student' &&
        only(data, [...TFX_AUTHOR_FIELDS, ...(data.publishedAt === null ? ['publishedAt'] : [])]) &&
        (!('status' in data) || data.status === 'finished') &&
        (mode === 'create' || !('student' in data))),
    delete: byRole({ student: (a) => ({ student: ownProfile(a) }), admin: always }),
  },

  // ---- communications ----
  'api::communication-center.communication-center': {
    find: byRole({ student: (a) => ({ student: ownProfile(a) }), admin: always }),
    // A student only marks their entries read (spec §4 Notification).
    update: byRole({ student: (a) => ({ student: ownProfile(a) }), admin: always }),
    canWrite: (actor, { data }) => admin(actor) || only(data, ['isRead']),
    create: admin,
    delete: byRole({ admin: always }),
  },

  // Staff write to students (ADR 0045): admins to anyone, teachers and coordinators to the
  // candidates of their own projects (the send narrows the audience to them). Each reads what
  // they sent; nothing is changed or deleted through the API (the history stays).
  'api::announcement.announcement': {
    find: byRole({
      teacher: (a) => ({ author: ownUser(a) }),
      coordinator: (a) => ({ author: ownUser(a) }),
      admin: always,
    }),
    create: (actor) => ['teacher', 'coordinator', 'admin'].includes(roleOf(actor)),
    createScope: byRole({
      teacher: (a) => ({ author: ownUser(a) }),
      coordinator: (a) => ({ author: ownUser(a) }),
      admin: always,
    }),
    canWrite: (actor, { data }) =>
      ['teacher', 'coordinator', 'admin'].includes(roleOf(actor)) &&
      only(data, ['subject', 'message', 'audience', 'kind', 'sendAt']),
  },

  // ---- legal texts (ADR 0035) ----
  // Public documents; admins change the title and the content (the server keeps the version).
  // There are always the three of the migration: none is created or deleted through the API.
  'api::legal-text.legal-text': {
    find: always,
    update: byRole({ admin: always }),
    canWrite: (actor, { data }) => admin(actor) && only(data, ['title', 'content']),
  },
  // Every version stays readable (a consent shows what was accepted); only the server writes them.
  'api::legal-text-version.legal-text-version': {
    find: always,
    protectedScope: byRole({ admin: always }),
  },
  // A person reads their own consents, admins every one; only the registration writes them.
  'api::legal-consent.legal-consent': {
    find: byRole({
      authenticated: (a) => ({ user: ownUser(a) }),
      student: (a) => ({ user: ownUser(a) }),
      teacher: (a) => ({ user: ownUser(a) }),
      coordinator: (a) => ({ user: ownUser(a) }),
      admin: always,
    }),
  },

  // ---- questionnaire ----
  'api::questionnaire-answer.questionnaire-answer': {
    find: byRole({ student: (a) => ({ student: ownProfile(a) }), admin: always }),
    protectedScope: byRole({ student: (a) => ({ student: ownProfile(a) }), admin: always }),
    // Anyone may answer (the questionnaire has its own contact section); a student only as themself.
    // Scores are computed by POST /api/questionnaire/submit (ADR 0018), never written by a client.
    create: (actor, { data }) => admin(actor) || !('scores' in data),
    createScope: byRole({
      visitor: () => ({ student: { $null: true } }),
      authenticated: () => ({ student: { $null: true } }),
      student: (a) => or({ student: { $null: true } }, { student: ownProfile(a) }),
      teacher: () => ({ student: { $null: true } }),
      coordinator: () => ({ student: { $null: true } }),
      admin: always,
    }),
    update: byRole({ admin: always }),
    delete: byRole({ admin: always }),
  },
};

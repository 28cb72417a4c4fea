import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../constants/notification-preferences';
import { TEACHER_VERIFICATIONS } from '../constants/teacher-verification';
import {
  APPLICATION_STATUSES,
  FEATURES,
  PROFILE_TYPES,
  STUDENT_GOALS,
  STUDY_TYPES,
  THESIS_STAGES,
  WORK_DEADLINES,
} from '../constants/vocabularies';
import { ANNOUNCEMENT_STATUSES } from './announcements';
import {
  callAttributesSchema,
  campusAttributesSchema,
  degreeAttributesSchema,
  universityAttributesSchema,
} from './catalogue';
import { legalTextAttributesSchema, legalTextVersionAttributesSchema } from './legal';
import { resourceAttributesSchema, tfxAttributesSchema } from './library';
import { projectAttributesSchema } from './projects';
import { uploadedFileSchema } from './upload';

/**
 * The attributes of every content type as its generic routes answer them (`{data: {id,
 * attributes}}`), relations and media aside: the one list of each type's fields in the contract
 * (ADR 0030). The API's contract test holds the registry to it, field by field (keys, types,
 * nullability, protected fields optional, private fields absent), so a column without its entry
 * here, or an entry without its column, fails `npm test`.
 */

const dateTime = z.string().describe('ISO 8601, UTC');
const day = z.string().describe('YYYY-MM-DD');
const names = z.array(z.string());

/**
 * Fields only some readers get (the type's `protectedScope`: the owner, admins): absent for
 * everyone else.
 */
const protectedField = <T extends z.ZodType>(schema: T) => schema.optional();

/** Spec §3 Student, its relations aside. `dni` and `disability` are protected. */
export const studentAttributesSchema = z.object({
  primaryKey: z.string().describe('E and at least four digits'),
  other_university: z.string().nullable(),
  other_campus: z.string().nullable(),
  other_degree: z.string().nullable(),
  province: z.string().nullable(),
  student_area: z.string().nullable(),
  study_type: z.enum(STUDY_TYPES).nullable(),
  work_deadline: z.enum(WORK_DEADLINES).nullable(),
  work_deadline_estimate: z.string().nullable(),
  tags: names.nullable(),
  reachedUsHow: z.string().nullable(),
  competences: z.unknown().nullable().describe('The competence questionnaire’s last scores'),
  disability: protectedField(z.boolean().nullable()),
  dni: protectedField(z.string().nullable()),
  thesis_stage: z.enum(THESIS_STAGES).nullable(),
  goal: z.enum(STUDENT_GOALS).nullable(),
  validated: z.boolean(),
  qualification: z.number().nullable(),
  notification: z.record(z.string(), z.unknown()).nullable().describe('Notification preferences'),
  publishedAt: dateTime.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type StudentAttributes = z.infer<typeof studentAttributesSchema>;

/** Spec §3 Teacher, its relations aside; the verification is for the teacher and admins. */
export const teacherAttributesSchema = z.object({
  primaryKey: z.string().describe('P and at least four digits'),
  other_university: z.string().nullable(),
  other_campus: z.string().nullable(),
  teacher_area: z.string().nullable(),
  class_type: z.enum(STUDY_TYPES).nullable(),
  notification_deadline: day.nullable(),
  invited: z.boolean(),
  verification: protectedField(z.enum(TEACHER_VERIFICATIONS)),
  verification_decided_at: protectedField(dateTime.nullable()),
  publishedAt: dateTime.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type TeacherAttributes = z.infer<typeof teacherAttributesSchema>;

/** Spec §3 Coordinator: a person of an organisation. */
export const coordinatorAttributesSchema = z.object({
  job_position: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type CoordinatorAttributes = z.infer<typeof coordinatorAttributesSchema>;

/** Spec §3 Organization; its contact data is for admins and its coordinators. */
export const organizationAttributesSchema = z.object({
  name: z.string(),
  type: z.string().nullable(),
  sector: z.string().nullable(),
  size: z.string().nullable(),
  description: z.string().nullable(),
  location: z.string().nullable().describe('Province'),
  web: z.string().nullable(),
  linkedin: z.string().nullable(),
  reachedUsHow: z.string().nullable(),
  contact_phone: protectedField(z.string().nullable()),
  contact_mail: protectedField(z.string().nullable()),
  contact_name: protectedField(z.string().nullable()),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type OrganizationAttributes = z.infer<typeof organizationAttributesSchema>;

/** Spec §3 Project progress: the milestones of a TFG/TFM project, each done or not. */
export const projectProgressAttributesSchema = z.object({
  objectives: z.boolean(),
  frame: z.boolean(),
  conclusions: z.boolean(),
  defense: z.boolean(),
  final: z.boolean(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type ProjectProgressAttributes = z.infer<typeof projectProgressAttributesSchema>;

/** Spec §3 Application (`api::apply.apply`), its relations aside; `dni` is protected. */
export const applyAttributesSchema = z.object({
  status: z.enum(APPLICATION_STATUSES),
  status_message: z.string().nullable(),
  CV_url: z.string().nullable(),
  video: z.string().nullable(),
  interest: z.string().nullable(),
  motivation: z.string().nullable(),
  good_candidate: z.string().nullable(),
  tutor: z.string().nullable(),
  project_expected: z.string().nullable(),
  availability: z.string().nullable(),
  rtx_interest: z.string().nullable(),
  supermatch: z.boolean(),
  dni: protectedField(z.string().nullable()),
  deadline: day.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type ApplyAttributes = z.infer<typeof applyAttributesSchema>;

/** A student's entry of the communication centre (the bell, spec §4). */
export const communicationCenterAttributesSchema = z.object({
  isRead: z.boolean(),
  notification_subject: z.string(),
  notification_message: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type CommunicationCenterAttributes = z.infer<typeof communicationCenterAttributesSchema>;

/** Staff's communication to students (ADR 0045). */
export const announcementAttributesSchema = z.object({
  subject: z.string(),
  message: z.string().describe('HTML'),
  audience: z.unknown().describe('Who receives it (ADR 0045)'),
  kind: z.enum(NOTIFICATION_KINDS),
  sendAt: dateTime,
  status: z.enum(ANNOUNCEMENT_STATUSES),
  recipients: z.number().int(),
  emailsQueued: z.number().int(),
  sentAt: dateTime.nullable(),
  emailSubject: z.string().nullable(),
  emailHtml: z.string().nullable(),
  emailText: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type AnnouncementAttributes = z.infer<typeof announcementAttributesSchema>;

/** Spec §3 Role of users-permissions. */
export const roleAttributesSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
});

/** A catalogue's study area or subarea. */
export const studyAreaAttributesSchema = z.object({
  name: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
});

/** The branding's menu logo holder. */
export const brandingAttributesSchema = z.object({
  name: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});

/** Spec §3 Branding: the university's colours, names and links. */
export const brandingSaasAttributesSchema = z.object({
  mainColor: z.string().nullable(),
  secondaryColor: z.string().nullable(),
  terciaryColor: z.string().nullable(),
  quaternaryColor: z.string().nullable(),
  footerColor: z.string().nullable(),
  logoUrl: z.string().nullable(),
  projectName: z.string().nullable(),
  origin: z.string().nullable(),
  mailTo: z.string().nullable(),
  university_name: z.string().nullable(),
  mainfont: z.string().nullable(),
  politicsUrl: z.string().nullable(),
  program: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type BrandingSaasAttributes = z.infer<typeof brandingSaasAttributesSchema>;

/** Spec §3 Permissions: one feature's switches for one role. */
export const featurePermissionAttributesSchema = z.object({
  role: z.enum(['public', ...PROFILE_TYPES]),
  feature: z.enum(FEATURES),
  enabled: z.boolean(),
  create: z.boolean(),
  update: z.boolean(),
  createdAt: dateTime,
  updatedAt: dateTime,
});

/** The footer's sections (spec §4 footer). */
export const footerSectionAttributesSchema = z.object({
  FooterSection: z.array(z.unknown()).describe('The sections, in order'),
  publishedAt: dateTime.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});

/** The university's teacher domains (ADR 0051). */
export const teacherSettingAttributesSchema = z.object({
  domains: names,
  createdAt: dateTime,
  updatedAt: dateTime,
});

/** A competence questionnaire's answers; who answered is protected. */
export const questionnaireAnswerAttributesSchema = z.object({
  name: protectedField(z.string().nullable()),
  surname: protectedField(z.string().nullable()),
  email: protectedField(z.string().nullable()),
  answers: z.unknown(),
  scores: z.unknown().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});

/** A campaign banner (ADR 0015). */
export const bannerAttributesSchema = z.object({
  title: z.string(),
  message: z.string(),
  linkUrl: z.string().nullable(),
  linkLabel: z.string().nullable(),
  startsAt: dateTime.nullable(),
  endsAt: dateTime,
  placements: z.array(z.unknown()).describe('Where and to whom it shows'),
  publishedAt: dateTime.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});

/** A person's consent to a legal text's version (ADR 0035). */
export const legalConsentAttributesSchema = z.object({
  acceptedAt: dateTime,
  policyUrl: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});

/** A file as a populated media relation answers it (`{data: {id, attributes}}`). */
export const fileAttributesSchema = uploadedFileSchema.omit({ id: true });

/** Every content type's attributes, by uid. */
export const CONTENT_TYPE_ATTRIBUTES = {
  'plugin::users-permissions.role': roleAttributesSchema,
  'plugin::upload.file': fileAttributesSchema,
  'api::university.university': universityAttributesSchema,
  'api::campus.campus': campusAttributesSchema,
  'api::degree.degree': degreeAttributesSchema,
  'api::call.call': callAttributesSchema,
  'api::study-area.study-area': studyAreaAttributesSchema,
  'api::study-subarea.study-subarea': studyAreaAttributesSchema,
  'api::student.student': studentAttributesSchema,
  'api::teacher.teacher': teacherAttributesSchema,
  'api::coordinator.coordinator': coordinatorAttributesSchema,
  'api::organization.organization': organizationAttributesSchema,
  'api::project.project': projectAttributesSchema,
  'api::project-progress.project-progress': projectProgressAttributesSchema,
  'api::apply.apply': applyAttributesSchema,
  'api::tfx.tfx': tfxAttributesSchema,
  'api::resource.resource': resourceAttributesSchema,
  'api::communication-center.communication-center': communicationCenterAttributesSchema,
  'api::announcement.announcement': announcementAttributesSchema,
  'api::branding.branding': brandingAttributesSchema,
  'api::branding-saas.branding-saas': brandingSaasAttributesSchema,
  'api::feature-permission.feature-permission': featurePermissionAttributesSchema,
  'api::footer-section.footer-section': footerSectionAttributesSchema,
  'api::teacher-setting.teacher-setting': teacherSettingAttributesSchema,
  'api::questionnaire-answer.questionnaire-answer': questionnaireAnswerAttributesSchema,
  'api::banner.banner': bannerAttributesSchema,
  'api::legal-text.legal-text': legalTextAttributesSchema,
  'api::legal-text-version.legal-text-version': legalTextVersionAttributesSchema,
  'api::legal-consent.legal-consent': legalConsentAttributesSchema,
} as const satisfies Record<string, z.ZodObject>;

export type ContentTypeUid = keyof typeof CONTENT_TYPE_ATTRIBUTES;

/** An entry a write links to, by id (`{data: {project: 3}}`, ADR 0002). */
const linkedId = z.number().int().positive();

/*
 * The `data` of the writes the web sends to the generic routes, typed by the attributes above, so
 * a body cannot name a field the type does not have. The API's contract test holds each key to a
 * writable attribute or relation of the type; who may write what is the access policy's
 * (features/access), not these types'.
 */

/** `POST /api/applys`: a student's application (spec §3 Application). */
export const applyCreateSchema = applyAttributesSchema
  .pick({
    CV_url: true,
    video: true,
    interest: true,
    motivation: true,
    good_candidate: true,
    availability: true,
    dni: true,
  })
  .partial()
  .extend({
    student: linkedId,
    project: linkedId,
    call: linkedId.optional(),
    CV: linkedId.optional(),
  });
export type ApplyCreate = z.infer<typeof applyCreateSchema>;

/** `POST /api/projects` and `PUT /api/projects/:id`; the API fills the owner and the state. */
export const projectWriteSchema = projectAttributesSchema
  .omit({
    createdAt: true,
    updatedAt: true,
    publishedAt: true,
    rejection_reason: true,
    validated: true,
  })
  .partial()
  .extend({ campus: linkedId.nullable().optional() });
export type ProjectWrite = z.infer<typeof projectWriteSchema>;

/** `POST /api/organizations`; in `PUT /api/organizations/:id` every field is optional. */
export const organizationWriteSchema = organizationAttributesSchema
  .omit({ createdAt: true, updatedAt: true })
  .partial()
  .extend({ name: z.string(), logo: linkedId.nullable().optional() });
export type OrganizationWrite = z.infer<typeof organizationWriteSchema>;

/** `POST /api/tfxes` and `PUT /api/tfxes/:id`: a student's own work (the server adds the rest). */
export const tfxWriteSchema = tfxAttributesSchema
  .pick({
    title: true,
    summary: true,
    language: true,
    release_month: true,
    sector: true,
    tags: true,
    ods: true,
    publish_consent: true,
  })
  .extend({ file: linkedId });
export type TfxWrite = z.infer<typeof tfxWriteSchema>;

/** `POST /api/resources` and `PUT /api/resources/:id`; `publishedAt` publishes or drafts. */
export const resourceWriteSchema = resourceAttributesSchema
  .pick({
    title: true,
    introduction: true,
    tags: true,
    purposes: true,
    tfx_status: true,
    content: true,
    link: true,
    is_popular: true,
  })
  .extend({ picture: linkedId.nullable(), publishedAt: z.string().nullable().optional() });
export type ResourceWrite = z.infer<typeof resourceWriteSchema>;

/** A relation as an update may write it: an id (or null), or Strapi's `{set: [ids]}`. */
const linkedOne = z.union([linkedId.nullable(), z.object({ set: z.array(linkedId) })]);
const linkedMany = z.union([z.array(linkedId), z.object({ set: z.array(linkedId) })]);

/*
 * A person's record as it is updated (`PUT /api/<kind>/:id`): by its owner from the profile
 * wizard, or corrected by an admin (ADR 0050), who sends only what changed; so every field is
 * optional, an emptied one goes as null, and `publishedAt` publishes or unpublishes a
 * draft/publish type.
 */

/** `PUT /api/students/:id`. */
export const studentWriteSchema = studentAttributesSchema
  .pick({
    other_university: true,
    other_campus: true,
    other_degree: true,
    study_type: true,
    province: true,
    student_area: true,
    work_deadline: true,
    work_deadline_estimate: true,
    tags: true,
    thesis_stage: true,
    goal: true,
    reachedUsHow: true,
    disability: true,
    notification: true,
    validated: true,
  })
  .extend({
    university: linkedOne,
    campus: linkedOne,
    degree: linkedOne,
    publishedAt: dateTime.nullable(),
  })
  .partial();
export type StudentWrite = z.infer<typeof studentWriteSchema>;

/** `PUT /api/teachers/:id`; `degrees` replaces the whole list. */
export const teacherWriteSchema = teacherAttributesSchema
  .pick({
    other_university: true,
    other_campus: true,
    teacher_area: true,
    class_type: true,
    notification_deadline: true,
  })
  .extend({
    university: linkedOne,
    campus: linkedOne,
    degrees: linkedMany,
    publishedAt: dateTime.nullable(),
  })
  .partial();
export type TeacherWrite = z.infer<typeof teacherWriteSchema>;

/** `PUT /api/coordinators/:id`. */
export const coordinatorWriteSchema = coordinatorAttributesSchema
  .pick({ job_position: true })
  .extend({ organization: linkedId.nullable() })
  .partial();
export type CoordinatorWrite = z.infer<typeof coordinatorWriteSchema>;

/** The write bodies above, by the content type they write. */
export const CONTENT_TYPE_WRITES = {
  'api::apply.apply': applyCreateSchema,
  'api::project.project': projectWriteSchema,
  'api::organization.organization': organizationWriteSchema,
  'api::student.student': studentWriteSchema,
  'api::teacher.teacher': teacherWriteSchema,
  'api::coordinator.coordinator': coordinatorWriteSchema,
  'api::tfx.tfx': tfxWriteSchema,
  'api::resource.resource': resourceWriteSchema,
} as const satisfies Partial<Record<ContentTypeUid, z.ZodObject>>;

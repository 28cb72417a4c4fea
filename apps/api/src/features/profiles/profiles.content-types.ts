import { z } from 'zod';
import {
  coordinators,
  students,
  studentsFavoriteProjects,
  studentsFavoriteResources,
  studentsFavoriteTfxes,
  teachers,
  teachersDegrees,
  teachersFavoriteProjects,
} from '../../db/schema';
import { defineContentType } from '../../lib/strapi/registry';

/** A student's notification preferences (spec §3), stored inline on the student. */
export const notificationPreferencesSchema = z
  .object({
    pre_selected: z.boolean(),
    not_selected: z.boolean(),
    selected: z.boolean(),
    new_matching_projects: z.boolean(),
    u4i_advice: z.boolean(),
    save_projects_with_candidates: z.boolean(),
    save_projects_selected: z.boolean(),
    professional_offers: z.boolean(),
    email: z.boolean(),
    whatsapp: z.boolean(),
  })
  .partial()
  .strict();

const tag = z.string().min(1).max(100);

export const studentType = defineContentType({
  uid: 'api::student.student',
  singularName: 'student',
  pluralName: 'students',
  table: students,
  draftAndPublish: true,
  relations: {
    user: {
      relation: 'oneToOne',
      target: 'plugin::users-permissions.user',
      column: students.userId,
    },
    degree: { relation: 'manyToOne', target: 'api::degree.degree', column: students.degreeId },
    university: {
      relation: 'manyToOne',
      target: 'api::university.university',
      column: students.universityId,
    },
    campus: { relation: 'manyToOne', target: 'api::campus.campus', column: students.campusId },
    favorites: {
      relation: 'manyToMany',
      target: 'api::project.project',
      join: {
        table: studentsFavoriteProjects,
        own: studentsFavoriteProjects.studentId,
        target: studentsFavoriteProjects.projectId,
      },
    },
    favorites_tfxes: {
      relation: 'manyToMany',
      target: 'api::tfx.tfx',
      join: {
        table: studentsFavoriteTfxes,
        own: studentsFavoriteTfxes.studentId,
        target: studentsFavoriteTfxes.tfxId,
      },
    },
    favorites_resources: {
      relation: 'manyToMany',
      target: 'api::resource.resource',
      join: {
        table: studentsFavoriteResources,
        own: studentsFavoriteResources.studentId,
        target: studentsFavoriteResources.resourceId,
      },
    },
    applys: { relation: 'oneToMany', target: 'api::apply.apply', mappedBy: 'student' },
    tfxs: { relation: 'oneToMany', target: 'api::tfx.tfx', mappedBy: 'student' },
  },
  media: { CV: students.cvId },
  components: {
    notification: { column: students.notification, schema: notificationPreferencesSchema },
  },
  protected: ['dni', 'disability'],
  readOnly: ['primaryKey'],
  validate: {
    tags: z.array(tag).max(50),
    dni: z.string().regex(/^[0-9XYZxyz][0-9]{7}[A-Za-z]$/, 'must be a valid DNI or NIE'),
    qualification: z.number().min(0).max(10),
  },
});

export const teacherType = defineContentType({
  uid: 'api::teacher.teacher',
  singularName: 'teacher',
  pluralName: 'teachers',
  table: teachers,
  draftAndPublish: true,
  relations: {
    user: {
      relation: 'oneToOne',
      target: 'plugin::users-permissions.user',
      column: teachers.userId,
    },
    university: {
      relation: 'manyToOne',
      target: 'api::university.university',
      column: teachers.universityId,
    },
    campus: { relation: 'manyToOne', target: 'api::campus.campus', column: teachers.campusId },
    degrees: {
      relation: 'manyToMany',
      target: 'api::degree.degree',
      join: {
        table: teachersDegrees,
        own: teachersDegrees.teacherId,
        target: teachersDegrees.degreeId,
      },
    },
    favorites: {
      relation: 'manyToMany',
      target: 'api::project.project',
      join: {
        table: teachersFavoriteProjects,
        own: teachersFavoriteProjects.teacherId,
        target: teachersFavoriteProjects.projectId,
      },
    },
    applys: { relation: 'oneToMany', target: 'api::apply.apply', mappedBy: 'tutorAsigned' },
    projects: { relation: 'oneToMany', target: 'api::project.project', mappedBy: 'teacher' },
  },
  readOnly: ['primaryKey'],
});

export const coordinatorType = defineContentType({
  uid: 'api::coordinator.coordinator',
  singularName: 'coordinator',
  pluralName: 'coordinators',
  table: coordinators,
  relations: {
    user: {
      relation: 'oneToOne',
      target: 'plugin::users-permissions.user',
      column: coordinators.userId,
    },
    organization: {
      relation: 'manyToOne',
      target: 'api::organization.organization',
      column: coordinators.organizationId,
    },
    projects: { relation: 'oneToMany', target: 'api::project.project', mappedBy: 'coordinator' },
  },
});

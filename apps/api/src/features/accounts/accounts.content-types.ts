import { z } from 'zod';
import { PROFILE_TYPES } from '@plataforma/shared';
import { files, roles, users } from '../../db/schema';
import { defineContentType } from '../../lib/strapi/registry';

/** users-permissions users; their routes are custom (Strapi answers them without the envelope). */
export const userType = defineContentType({
  uid: 'plugin::users-permissions.user',
  singularName: 'user',
  pluralName: 'users',
  table: users,
  exposed: false,
  relations: {
    role: { relation: 'manyToOne', target: 'plugin::users-permissions.role', column: users.roleId },
    student: { relation: 'oneToOne', target: 'api::student.student', mappedBy: 'user' },
    teacher: { relation: 'oneToOne', target: 'api::teacher.teacher', mappedBy: 'user' },
    coordinator: { relation: 'oneToOne', target: 'api::coordinator.coordinator', mappedBy: 'user' },
  },
  media: { picture: users.pictureId },
  private: ['password', 'tokensValidAfter'],
  protected: ['email', 'phone'],
  readOnly: ['provider', 'confirmed', 'blocked', 'lastLogin', 'role'],
  validate: {
    email: z.email().max(255),
    username: z.string().min(3).max(255),
    profileType: z.enum(PROFILE_TYPES),
  },
});

export const roleType = defineContentType({
  uid: 'plugin::users-permissions.role',
  singularName: 'role',
  pluralName: 'roles',
  table: roles,
  exposed: false,
});

/** Uploaded media; read through the relations that hold them, listed at /api/upload/files. */
export const fileType = defineContentType({
  uid: 'plugin::upload.file',
  singularName: 'file',
  pluralName: 'files',
  table: files,
  exposed: false,
  private: ['uploadedById', 'storageKey'],
});

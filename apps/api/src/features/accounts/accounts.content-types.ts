import { z } from 'zod';
import {
  PROFILE_TYPES,
  emailSchema,
  nameSchema,
  phoneSchema,
  surnameSchema,
  usernameSchema,
} from '@plataforma/shared';
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
  // Of someone else's account a caller sees what a screen shows of a person: the name, surname,
  // picture and profile type. Contact data and the account's state (its username, how and when
  // it signs in, whether it is confirmed or blocked) are for the owner and admins (ADR 0052).
  protected: [
    'email',
    'phone',
    'username',
    'provider',
    'confirmed',
    'blocked',
    'lastLogin',
    'createdAt',
    'updatedAt',
  ],
  // `confirmed` and `blocked` are written by admins only (the access policy's canWrite): an admin
  // blocks an account, or confirms one whose person cannot reach the email.
  readOnly: ['provider', 'lastLogin', 'role'],
  validate: {
    email: emailSchema,
    username: usernameSchema,
    name: nameSchema,
    surname: surnameSchema.nullable(),
    phone: phoneSchema.nullable(),
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
  // Written by the upload routes, from the file itself; bounded like any number (ADR 0052).
  bounds: {
    width: { min: 0, max: 100_000, message: 'El ancho de la imagen no es válido.' },
    height: { min: 0, max: 100_000, message: 'El alto de la imagen no es válido.' },
    size: { min: 0, max: 1_000_000, message: 'El tamaño del archivo no es válido.' },
  },
});

import { z } from 'zod';
import { PROFILE_TYPES } from '../constants/vocabularies';
import { emailSchema, nameSchema, phoneSchema, surnameSchema, usernameSchema } from './account';

/**
 * The users-permissions user calls (spec §7 Users): bodies are not wrapped in `data`, and answers
 * are flat users (the registry's `UserFlat`), rendered by the engine under the users policy.
 */

/** `PUT /api/user/me`: what a person may change of their own account (profileType only once). */
export const meUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  surname: surnameSchema.nullable().optional(),
  phone: phoneSchema.nullable().optional(),
  username: usernameSchema.optional(),
  picture: z.number().int().positive().nullable().optional().describe('A file the caller uploaded'),
  profileType: z.enum(PROFILE_TYPES).optional(),
});
export type MeUpdate = z.input<typeof meUpdateSchema>;

/** `POST /api/users` (admins): an account with its profile record and role. */
export const userCreateSchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: z.string().max(4096).optional(),
  name: nameSchema.optional(),
  surname: surnameSchema.nullable().optional(),
  phone: phoneSchema.nullable().optional(),
  profileType: z.enum(PROFILE_TYPES).optional(),
  confirmed: z.boolean().optional(),
  blocked: z.boolean().optional(),
});
export type UserCreate = z.output<typeof userCreateSchema>;

/** `PUT /api/users/:id`: the attributes, bare or wrapped in `data`; the engine checks them. */
export const userUpdateSchema = z
  .record(z.string(), z.unknown())
  .describe('The attributes, bare or wrapped in data');

import { z } from 'zod';

/**
 * Personal data (ADR 0054): the archive of everything the platform holds about a person
 * (`GET /api/users/me/export`, `/api/users/:id/export`), what deleting their account removes and
 * keeps anonymised (`GET /api/users/me/deletion-preview`, `/api/users/:id/deletion-preview`), and
 * the deletion itself (`DELETE /api/users/me`, `DELETE /api/users/:id`).
 */

/** The name kept on a published final work whose author deleted their account. */
export const ANONYMOUS_AUTHOR = 'Autor anónimo';

/** One kind of thing a deletion touches, with how many there are and what it is in Spanish. */
export const deletionItemSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int().min(0),
});
export type DeletionItem = z.infer<typeof deletionItemSchema>;

export const deletionPreviewSchema = z.object({
  /** What goes for good: it was theirs alone. Kinds with nothing in them are left out. */
  deleted: z.array(deletionItemSchema),
  /** What others rely on: kept, without anything that says who they were. */
  anonymised: z.array(deletionItemSchema),
});
export type DeletionPreview = z.infer<typeof deletionPreviewSchema>;

/** `DELETE /api/users/me`: the current password, as a password change asks for it. */
export const ownAccountDeletionSchema = z.strictObject({
  password: z.string().min(1).max(200),
});
export type OwnAccountDeletion = z.infer<typeof ownAccountDeletionSchema>;

/** The Spanish texts of the deletion (the web shows the server's refusals as they are). */
export const ACCOUNT_DELETION_MESSAGES = {
  wrongPassword: 'La contraseña no es correcta',
  noPassword:
    'Tu cuenta no tiene contraseña: crea una con «¿Has olvidado tu contraseña?» y vuelve a intentarlo',
  adminSelf:
    'Una cuenta de administración no se elimina a sí misma: pídeselo a otra persona administradora',
  deleted: 'Tu cuenta se ha eliminado. Gracias por haber formado parte de la plataforma.',
} as const;

import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Queryable } from '../../db/handles';
import {
  announcements,
  applys,
  communicationCenters,
  coordinators,
  emailOutbox,
  files,
  legalConsents,
  legalTexts,
  legalTextVersions,
  organizations,
  privateFieldReads,
  projects,
  questionnaireAnswers,
  resources,
  roles,
  students,
  studentsFavoriteProjects,
  studentsFavoriteResources,
  studentsFavoriteTfxes,
  teachers,
  teachersFavoriteProjects,
  tfxes,
  users,
} from '../../db/schema';
import { forbidden, notFound, unauthorized } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { isAdmin, type Actor } from '../../lib/strapi/actor';

/**
 * The archive of everything the platform holds about one person (ADR 0054, RGPD right of
 * access and portability): `datos.json`, their files under `archivos/`, and a README in Spanish.
 * The data is read before the answer starts (a failure is still an error answer); the files are
 * then streamed one after the other through the storage layer, never held whole in memory.
 */

const NONE = -1;

/** What the README says of each part of the archive. */
const README = `Tus datos en la plataforma
==========================

Este archivo contiene todo lo que la plataforma guarda sobre ti, tal como estaba al descargarlo.

datos.json
  cuenta                   Tu cuenta: usuario, correo, nombre, apellidos, teléfono, rol y fechas.
                           No incluye tu contraseña (solo se guarda cifrada) ni códigos de acceso.
  perfil                   Tu ficha de estudiante, profesorado u organización (con tu DNI y
                           discapacidad si los indicaste).
  consentimientos          Los textos legales que aceptaste y cuándo.
  candidaturas             Tus candidaturas a proyectos, con el proyecto y su estado.
  guardados                Los proyectos, trabajos finales y recursos que guardaste.
  cuestionarios            Tus respuestas y resultados del cuestionario de competencias.
  comunicaciones           Los mensajes de tu centro de comunicaciones.
  correos                  Los correos que la plataforma te envió o tiene pendientes de enviar.
  trabajos_finales         Los trabajos finales (TFG/TFM) de los que eres autor o autora.
  proyectos                Los proyectos que publicaste o que tienes asignados.
  comunicaciones_enviadas  Las comunicaciones que escribiste para estudiantes.
  accesos_a_datos_protegidos
                           Cada vez que una persona administradora vio tu DNI o tu discapacidad.
  archivos                 La lista de tus archivos: nombre, tipo, tamaño y dónde está cada uno
                           en la carpeta "archivos".

archivos/
  Tus archivos (CV, fotos, PDF de trabajos finales...), con el número del archivo delante del
  nombre. Si alguno no se pudo leer, su entrada en datos.json lo indica.

Las fechas están en formato ISO 8601 (hora UTC).
`;

interface ArchiveFile {
  id: number;
  name: string;
  mime: string;
  storageKey: string | null;
  /** The path inside the archive. */
  path: string;
}

/** A file name that is safe in any unzip tool: no folders, no control characters. */
function safeName(id: number, name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\\/:*?"<>|]/g, '_')
    .replace(/\p{Cc}/gu, '_')
    .replace(/^\.+/, '')
    .slice(0, 120);
  return `archivos/${id}-${cleaned || 'archivo'}`;
}

/** The data part of the archive: every row that is about the person, read in one go. */
export async function collectPersonalData(db: Queryable, userId: number) {
  const [account] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      provider: users.provider,
      confirmed: users.confirmed,
      blocked: users.blocked,
      name: users.name,
      surname: users.surname,
      phone: users.phone,
      profileType: users.profileType,
      role: roles.name,
      lastLogin: users.lastLogin,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      pictureId: users.pictureId,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return undefined;

  const [student] = await db.select().from(students).where(eq(students.userId, userId));
  const [teacher] = await db.select().from(teachers).where(eq(teachers.userId, userId));
  const [coordinator] = await db
    .select({
      id: coordinators.id,
      job_position: coordinators.job_position,
      organization: organizations.name,
      createdAt: coordinators.createdAt,
    })
    .from(coordinators)
    .leftJoin(organizations, eq(organizations.id, coordinators.organizationId))
    .where(eq(coordinators.userId, userId));
  const studentId = student?.id ?? NONE;
  const teacherId = teacher?.id ?? NONE;
  const coordinatorId = coordinator?.id ?? NONE;
  const email = account.email.toLowerCase();

  const consents = await db
    .select({
      text: legalTexts.title,
      version: legalTextVersions.version,
      acceptedAt: legalConsents.acceptedAt,
      policyUrl: legalConsents.policyUrl,
    })
    .from(legalConsents)
    .innerJoin(legalTextVersions, eq(legalTextVersions.id, legalConsents.legalTextVersionId))
    .innerJoin(legalTexts, eq(legalTexts.id, legalTextVersions.legalTextId))
    .where(eq(legalConsents.userId, userId))
    .orderBy(asc(legalConsents.acceptedAt));

  const { studentId: _student, ...applicationColumns } = getTableColumns(applys);
  const applications = await db
    .select({ ...applicationColumns, project: projects.title })
    .from(applys)
    .innerJoin(projects, eq(projects.id, applys.projectId))
    .where(eq(applys.studentId, studentId))
    .orderBy(asc(applys.id));

  const savedProjects = await db
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(
      sql`${projects.id} IN (SELECT project_id FROM ${studentsFavoriteProjects} WHERE student_id = ${studentId}
          UNION SELECT project_id FROM ${teachersFavoriteProjects} WHERE teacher_id = ${teacherId})`,
    )
    .orderBy(asc(projects.id));
  const savedWorks = await db
    .select({ id: tfxes.id, title: tfxes.title })
    .from(tfxes)
    .innerJoin(studentsFavoriteTfxes, eq(studentsFavoriteTfxes.tfxId, tfxes.id))
    .where(eq(studentsFavoriteTfxes.studentId, studentId))
    .orderBy(asc(tfxes.id));
  const savedResources = await db
    .select({ id: resources.id, title: resources.title })
    .from(resources)
    .innerJoin(studentsFavoriteResources, eq(studentsFavoriteResources.resourceId, resources.id))
    .where(eq(studentsFavoriteResources.studentId, studentId))
    .orderBy(asc(resources.id));

  const questionnaires = await db
    .select({
      id: questionnaireAnswers.id,
      name: questionnaireAnswers.name,
      surname: questionnaireAnswers.surname,
      email: questionnaireAnswers.email,
      answers: questionnaireAnswers.answers,
      scores: questionnaireAnswers.scores,
      createdAt: questionnaireAnswers.createdAt,
    })
    .from(questionnaireAnswers)
    .where(
      or(
        eq(questionnaireAnswers.studentId, studentId),
        sql`lower(${questionnaireAnswers.email}) = ${email}`,
      ),
    )
    .orderBy(asc(questionnaireAnswers.id));

  const communications = await db
    .select({
      id: communicationCenters.id,
      subject: communicationCenters.notification_subject,
      message: communicationCenters.notification_message,
      isRead: communicationCenters.isRead,
      createdAt: communicationCenters.createdAt,
    })
    .from(communicationCenters)
    .where(eq(communicationCenters.studentId, studentId))
    .orderBy(asc(communicationCenters.id));

  const emails = await db
    .select({
      id: emailOutbox.id,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.recipient}) = ${email}`)
    .orderBy(asc(emailOutbox.id));

  // The PDF's extracted text is the PDF's, which the archive holds.
  const { document_text: _text, ...workColumns } = getTableColumns(tfxes);
  const works = await db
    .select(workColumns)
    .from(tfxes)
    .where(eq(tfxes.studentId, studentId))
    .orderBy(asc(tfxes.id));

  const ownProjects = await db
    .select({
      id: projects.id,
      title: projects.title,
      status: projects.status,
      publishedAt: projects.publishedAt,
      createdAt: projects.createdAt,
    })
    .from(projects)
    .where(or(eq(projects.teacherId, teacherId), eq(projects.coordinatorId, coordinatorId)))
    .orderBy(asc(projects.id));

  const sentAnnouncements = await db
    .select({
      id: announcements.id,
      subject: announcements.subject,
      createdAt: announcements.createdAt,
    })
    .from(announcements)
    .where(eq(announcements.authorId, userId))
    .orderBy(asc(announcements.id));

  const protectedReads = await db
    .select({ field: privateFieldReads.field, readAt: privateFieldReads.readAt })
    .from(privateFieldReads)
    .where(eq(privateFieldReads.studentUserId, userId))
    .orderBy(asc(privateFieldReads.readAt));

  const fileRows = await db
    .select({
      id: files.id,
      name: files.name,
      mime: files.mime,
      size: files.size,
      createdAt: files.createdAt,
      storageKey: files.storageKey,
    })
    .from(files)
    .where(
      sql`${files.uploadedById} = ${userId}
        OR ${files.id} = ${account.pictureId ?? NONE}
        OR ${files.id} = ${student?.cvId ?? NONE}
        OR ${files.id} IN (SELECT cv_id FROM ${applys} WHERE student_id = ${studentId})
        OR ${files.id} IN (SELECT file_id FROM ${tfxes} WHERE student_id = ${studentId})`,
    )
    .orderBy(asc(files.id));
  const archived: ArchiveFile[] = fileRows.map((row) => ({
    id: row.id,
    name: row.name,
    mime: row.mime,
    storageKey: row.storageKey,
    path: safeName(row.id, row.name),
  }));

  const data = {
    generadoEl: new Date().toISOString(),
    cuenta: account,
    perfil: {
      estudiante: student ?? null,
      profesorado: teacher ?? null,
      organizacion: coordinator ?? null,
    },
    consentimientos: consents,
    candidaturas: applications,
    guardados: { proyectos: savedProjects, trabajos: savedWorks, recursos: savedResources },
    cuestionarios: questionnaires,
    comunicaciones: communications,
    correos: emails,
    trabajos_finales: works,
    proyectos: ownProjects,
    comunicaciones_enviadas: sentAnnouncements,
    accesos_a_datos_protegidos: protectedReads,
    archivos: fileRows.map((row, i) => ({
      id: row.id,
      nombre: row.name,
      tipo: row.mime,
      tamanoKb: row.size,
      subidoEl: row.createdAt,
      enElArchivo: row.storageKey ? archived[i]!.path : null,
    })),
  };
  return { data, files: archived.filter((file) => file.storageKey !== null) };
}

/** Whose data the actor may download: their own, or anyone's for an admin. */
export function exportSubject(actor: Actor, target: number | 'me'): number {
  if (actor.kind !== 'user') throw unauthorized();
  if (target === 'me') return actor.userId;
  if (!isAdmin(actor)) throw forbidden();
  return target;
}

/** The archive as a stream; a file the storage cannot read is listed in the README's stead. */
export async function personalDataArchive(
  { db, storage, log }: { db: Database; storage: FileStorage; log: FastifyBaseLogger },
  actor: Actor,
  target: number | 'me',
): Promise<{ filename: string; stream: Readable }> {
  const userId = exportSubject(actor, target);
  const collected = await collectPersonalData(db, userId);
  if (!collected) throw target === 'me' ? unauthorized() : notFound();

  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const addWhole = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(new TextEncoder().encode(text), true);
  };

  const missing: string[] = [];
  const write = async () => {
    addWhole('LEEME.txt', README);
    addWhole('datos.json', `${JSON.stringify(collected.data, null, 2)}\n`);
    for (const file of collected.files) {
      const stored = await storage.get(file.storageKey!);
      if (!stored) {
        missing.push(file.path);
        continue;
      }
      // Images and PDFs are compressed already: stored as they are.
      const entry = new ZipPassThrough(file.path);
      zip.add(entry);
      for await (const chunk of stored.body) {
        entry.push(chunk as Uint8Array);
        if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
        if (out.destroyed) {
          stored.body.destroy();
          return;
        }
      }
      entry.push(new Uint8Array(0), true);
    }
    if (missing.length > 0) {
      addWhole(
        'archivos-no-disponibles.txt',
        `Estos archivos constan en datos.json pero no se pudieron leer:\n${missing.join('\n')}\n`,
      );
    }
    zip.end();
  };
  write().catch((error: unknown) => {
    log.error({ err: error, userId }, 'personal data archive failed');
    out.destroy(error as Error);
  });
  const day = new Date().toISOString().slice(0, 10);
  return { filename: `mis-datos-${userId}-${day}.zip`, stream: out };
}

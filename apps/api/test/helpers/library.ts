import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import {
  bearer,
  createDegree,
  createStudent,
  createUniversity,
  createUser,
  unique,
} from './factories';
import { send } from './http';
import { setFeatureSwitch } from './permissions';
import { upload } from './upload';

/** A real PDF whose pages carry these texts (pdf-lib, Helvetica: Spanish letters included). */
export async function pdfWithText(pages: string[]): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = document.addPage([595, 842]);
    text.split('\n').forEach((line, i) => {
      page.drawText(line, { x: 50, y: 780 - i * 16, size: 11, font });
    });
  }
  return Buffer.from(await document.save());
}

/** A real PDF with a picture and no text at all (a scanned work). */
export async function imageOnlyPdf(): Promise<Buffer> {
  const png = await sharp({
    create: { width: 200, height: 120, channels: 3, background: { r: 200, g: 180, b: 40 } },
  })
    .png()
    .toBuffer();
  const document = await PDFDocument.create();
  const image = await document.embedPng(png);
  document.addPage([595, 842]).drawImage(image, { x: 50, y: 500, width: 400, height: 240 });
  return Buffer.from(await document.save());
}

/** Students may upload their own work (the tfxes.create switch, spec §2): on for the library's tests. */
export async function enableTfxUploads() {
  await setFeatureSwitch('student', 'tfxes', { enabled: true, create: true, update: true });
}

/** A signed-in student with a degree, a university and a study area in their profile. */
export async function aStudentWithProfile(app: FastifyInstance) {
  const university = await createUniversity({ name: unique('Universidad de Murcia') });
  const degree = await createDegree({ name: unique('Grado en Biología') });
  const user = await createUser({ profileType: 'student', name: 'Lucía' });
  const student = await createStudent({
    userId: user.id,
    universityId: university.id,
    degreeId: degree.id,
    student_area: 'Ciencias de la salud',
  });
  return { user, student, university, degree, headers: bearer(app, user.id) };
}

/** Uploads a file through POST /api/upload and answers its id. */
export async function uploadFile(
  app: FastifyInstance,
  headers: Record<string, string>,
  data: Buffer,
  filename = 'tfg.pdf',
): Promise<number> {
  const { status, body } = await upload(app, headers, [{ data, filename }]);
  if (status !== 201) throw new Error(`upload answered ${status}: ${JSON.stringify(body)}`);
  return (body as { id: number }[])[0]!.id;
}

/** What a student's form sends for their own work. */
export function ownWork(values: Record<string, unknown> = {}) {
  return {
    title: unique('Microplásticos en el Mar Menor'),
    summary: 'Un estudio de la presencia de microplásticos en la laguna.',
    release_month: '06/2025',
    language: 'Español',
    publish_consent: true,
    ...values,
  };
}

/** POST /api/tfxes as the given headers. */
export function createWork(
  app: FastifyInstance,
  headers: Record<string, string>,
  data: Record<string, unknown>,
) {
  return send(app, 'POST', '/api/tfxes', { headers, payload: { data } });
}

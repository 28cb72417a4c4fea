import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import FormData from 'form-data';
import sharp from 'sharp';
import { buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config/env';
import { TEST_CONFIG } from './app';
import { getTestDatabase } from './db';

/** An app of its own whose uploads go to a fresh temporary directory (removed on close). */
export interface UploadTestApp {
  app: FastifyInstance;
  uploadDir: string;
  close(): Promise<void>;
}

export async function buildUploadTestApp(config: Partial<AppConfig> = {}): Promise<UploadTestApp> {
  const uploadDir = config.uploadDir ?? (await mkdtemp(join(tmpdir(), 'uploads-test-')));
  const database = await getTestDatabase();
  const app = await buildApp({
    config: { ...TEST_CONFIG, ...config, uploadDir },
    db: database.db,
    logger: false,
  });
  await app.ready();
  return {
    app,
    uploadDir,
    async close() {
      await app.close();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}

/** Every file under a directory (relative paths), to check what an upload left on disk. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

export interface FilePart {
  data: Buffer;
  filename: string;
  /** What the client declares; the server must not believe it. */
  contentType?: string;
  field?: string;
}

/** A multipart body for app.inject: files (field `files` unless told) and text fields. */
export function multipart(
  parts: FilePart[],
  fields: Record<string, string | string[]> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  for (const part of parts) {
    form.append(part.field ?? 'files', part.data, {
      filename: part.filename,
      contentType: part.contentType ?? 'application/octet-stream',
    });
  }
  return { payload: form.getBuffer(), headers: form.getHeaders() };
}

/** Sends `POST /api/upload` and answers status and parsed body. */
export async function upload(
  app: FastifyInstance,
  headers: Record<string, string>,
  parts: FilePart[],
  fields: Record<string, string | string[]> = {},
) {
  const body = multipart(parts, fields);
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json<unknown>(), res };
}

type RasterFormat = 'png' | 'jpeg' | 'webp' | 'avif';

/** A real raster image of the given size and format, drawn by sharp. */
export function image(format: RasterFormat, width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 18, g: 38, b: 170 } },
  })
    .toFormat(format)
    .toBuffer();
}

/** A small valid PDF document. */
export function pdf(text = 'Curriculum'): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A Windows executable's first bytes (an MZ header), enough for any type sniffer. */
export function exe(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { IMPORT_FILE_SIZE_LIMIT_BYTES, IMPORT_FILE_SIZE_LIMIT_MB } from '@plataforma/shared';
import { AppError, refusal, validationError } from '../../lib/errors';
import type { ImportFile } from './imports.service';

/** How the import routes read their upload (ADR 0039), whatever is being imported. */

const tooLarge = () =>
  refusal(
    'PAYLOAD_TOO_LARGE',
    `El archivo pesa más de ${IMPORT_FILE_SIZE_LIMIT_MB} MB: divídelo en varios.`,
    { maxBytes: IMPORT_FILE_SIZE_LIMIT_BYTES },
  );

const noFile = () =>
  refusal('VALIDATION', 'Adjunta un archivo CSV o XLSX.', {
    errors: [
      { path: ['file'], message: 'Adjunta un archivo CSV o XLSX.', name: 'ValidationError' },
    ],
  });

/** The multipart parser's limits: one file, no other part, the import's size. */
export const IMPORT_MULTIPART_LIMITS = {
  fileSize: IMPORT_FILE_SIZE_LIMIT_BYTES,
  files: 1,
  fields: 0,
  parts: 2,
};

/** 415 for a body that is not multipart, before anything is read (after the role check). */
export const multipartOnly: preValidationAsyncHookHandler = async (request) => {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The body must be multipart/form-data');
  }
};

/**
 * The multipart body: one file in the field `file`, held in memory (it is at most a few MB),
 * with the name it had on the sender's disk. Any other field or a second file is a 400, so a
 * mistake does not silently do nothing.
 */
export async function readImportFile(request: FastifyRequest): Promise<ImportFile> {
  let file: ImportFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || file) {
        if (part.type === 'file') part.file.resume();
        throw validationError(
          `Unexpected field "${part.fieldname}": send one file in the field "file"`,
          [part.fieldname],
        );
      }
      const bytes = await part.toBuffer();
      file = { bytes, name: part.filename || undefined };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw validationError('Send one file in the field "file"', ['file']);
    }
    throw new AppError('BAD_REQUEST', 'The multipart body is malformed or incomplete');
  }
  if (!file) throw noFile();
  return file;
}

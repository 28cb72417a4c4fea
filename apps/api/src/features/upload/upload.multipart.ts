import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import {
  FILE_SIZE_LIMIT_BYTES,
  FILE_SIZE_LIMIT_MB,
  MAX_FILES_PER_REQUEST,
} from '@plataforma/shared';
import { AppError, validationError } from '../../lib/errors';
import { diskProblemOf } from '../../lib/storage/failures';

/** A file of the request, written to the request's spool directory. */
export interface SpooledFile {
  path: string;
  /** The name the client gave (untrusted: only used to name the file for people). */
  filename: string;
  bytes: number;
}

/** The upload form as received: files on disk, fields as sent. */
export interface UploadForm {
  files: SpooledFile[];
  /** Each `fileInfo` field: JSON text, or already parsed when sent as application/json. */
  fileInfo: unknown[];
  visibility: string[];
}

const tooLarge = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `A file is too large: each file must weigh at most ${FILE_SIZE_LIMIT_MB} MB`,
    { maxBytes: FILE_SIZE_LIMIT_BYTES },
  );

/** Errors of @fastify/multipart and busboy, as answers. */
function toFormError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  // The spool's disk refused the bytes: answered as such by the error handler, not as a bad body.
  if (diskProblemOf(error)) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return new AppError(
        'PAYLOAD_TOO_LARGE',
        `Too many files: at most ${MAX_FILES_PER_REQUEST} per request`,
        { maxFiles: MAX_FILES_PER_REQUEST },
      );
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', 'Too many fields in the form');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return validationError('A field declared as JSON is not valid JSON');
    case 'FST_PROTO_VIOLATION':
      return validationError('A field name is not allowed');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'The body must be multipart/form-data');
    default:
      break;
  }
  // Anything else busboy says ("Unexpected end of form", a malformed part header, a client that
  // went away) is a broken body, not a fault of ours.
  if (error instanceof Error && (code === 'FST_MP_PREMATURE_CLOSE' || !('statusCode' in error))) {
    return new AppError('BAD_REQUEST', 'The multipart body is malformed or incomplete');
  }
  return error;
}

/**
 * Reads the multipart body of `POST /api/upload`: the files of the field `files` are streamed to
 * `spoolDir` (the size limit is enforced while streaming, so a larger file is never held whole),
 * the fields `fileInfo` and `visibility` are collected. Any other field is refused, so a typo does
 * not silently do nothing.
 */
export async function readUploadForm(
  request: FastifyRequest,
  spoolDir: string,
): Promise<UploadForm> {
  const form: UploadForm = { files: [], fileInfo: [], visibility: [] };
  try {
    const parts = request.parts({
      limits: {
        fileSize: FILE_SIZE_LIMIT_BYTES,
        files: MAX_FILES_PER_REQUEST,
        fields: 2 * MAX_FILES_PER_REQUEST + 5,
        fieldSize: 64 * 1024,
        parts: 3 * MAX_FILES_PER_REQUEST + 5,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') {
          part.file.resume();
          throw validationError(
            `Unexpected file field "${part.fieldname}": send files in the field "files"`,
            [part.fieldname],
          );
        }
        const path = join(spoolDir, String(form.files.length));
        await pipeline(part.file, createWriteStream(path, { flags: 'wx' }));
        // busboy stops at the limit and marks the stream; what was written is discarded with the
        // spool directory.
        if (part.file.truncated) throw tooLarge();
        form.files.push({ path, filename: part.filename, bytes: part.file.bytesRead });
      } else if (part.fieldname === 'fileInfo') {
        form.fileInfo.push(part.value);
      } else if (part.fieldname === 'visibility') {
        form.visibility.push(part.value as string);
      } else {
        throw validationError(
          `Unexpected field "${part.fieldname}": the upload accepts files, fileInfo and visibility`,
          [part.fieldname],
        );
      }
    }
  } catch (error) {
    throw toFormError(error);
  }
  return form;
}

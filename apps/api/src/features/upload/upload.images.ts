import sharp, { type Sharp, type SharpOptions } from 'sharp';
import type { ImageFormatName } from '@plataforma/shared';
import { validationError } from '../../lib/errors';
import type { FileKind } from './upload.types';

/**
 * Strapi's responsive formats: `thumbnail` fits in 245×156 and `small` in 500×500; a format is
 * made only when the image is larger than it.
 */
export const IMAGE_FORMATS = [
  { name: 'thumbnail', width: 245, height: 156 },
  { name: 'small', width: 500, height: 500 },
] as const satisfies readonly { name: ImageFormatName; width: number; height: number }[];

/**
 * A 15 MB PNG can declare a gigantic canvas that would take gigabytes to decode; refuse anything
 * above 60 megapixels (a 9000×6700 photo) before decoding.
 */
const INPUT_OPTIONS: SharpOptions = { limitInputPixels: 60_000_000, failOn: 'error' };

export interface Dimensions {
  width: number;
  height: number;
}

export interface RenderedFormat extends Dimensions {
  name: ImageFormatName;
  data: Buffer;
}

/** Width and height as shown (EXIF orientation applied), or undefined if it cannot be read. */
export async function measure(input: string | Buffer): Promise<Dimensions | undefined> {
  try {
    const metadata = await sharp(input, INPUT_OPTIONS).metadata();
    const { width, height } = metadata.autoOrient;
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

function encode(pipeline: Sharp, kind: FileKind): Sharp {
  switch (kind.ext) {
    case '.png':
      return pipeline.png();
    case '.jpg':
      return pipeline.jpeg({ quality: 82 });
    case '.webp':
      return pipeline.webp({ quality: 80 });
    case '.avif':
      // effort 2 of 9: AVIF encoding is slow and this runs inside the request.
      return pipeline.avif({ quality: 55, effort: 2 });
    default:
      throw new Error(`No raster encoder for ${kind.ext}`);
  }
}

/**
 * The smaller formats of a raster image in its own format, oriented, without its metadata
 * (a phone photo's location does not travel into the thumbnails).
 *
 * @throws AppError (400) when the image cannot be decoded
 */
export async function renderFormats(
  path: string,
  kind: FileKind,
  size: Dimensions,
): Promise<RenderedFormat[]> {
  const formats: RenderedFormat[] = [];
  for (const format of IMAGE_FORMATS) {
    if (size.width <= format.width && size.height <= format.height) continue;
    try {
      const resized = sharp(path, INPUT_OPTIONS)
        .rotate()
        .resize({ width: format.width, height: format.height, fit: 'inside' });
      const { data, info } = await encode(resized, kind).toBuffer({ resolveWithObject: true });
      formats.push({ name: format.name, data, width: info.width, height: info.height });
    } catch {
      throw unreadableImage();
    }
  }
  return formats;
}

/**
 * The original image without its metadata: EXIF orientation applied to the pixels, and the rest
 * (camera, date, a phone photo's GPS position) dropped, so a public profile picture or logo does not
 * publish where it was taken. Re-encoded in its own format at high quality (PNG losslessly).
 *
 * @throws AppError (400) when the image cannot be decoded
 */
export async function withoutMetadata(path: string, kind: FileKind): Promise<Buffer> {
  try {
    const pipeline = sharp(path, INPUT_OPTIONS).rotate();
    switch (kind.ext) {
      case '.png':
        return await pipeline.png().toBuffer();
      case '.jpg':
        return await pipeline.jpeg({ quality: 90 }).toBuffer();
      case '.webp':
        return await pipeline.webp({ quality: 90 }).toBuffer();
      case '.avif':
        return await pipeline.avif({ quality: 65, effort: 2 }).toBuffer();
      default:
        throw new Error(`No raster encoder for ${kind.ext}`);
    }
  } catch {
    throw unreadableImage();
  }
}

export const unreadableImage = () =>
  validationError('The image could not be read: the file is damaged or too large', ['files']);

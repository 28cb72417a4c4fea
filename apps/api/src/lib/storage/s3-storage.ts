import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertValidKey,
  uploadsPath,
  type FileStorage,
  type StorageSource,
  type StoredEntry,
} from './storage';

export interface S3StorageOptions {
  /** Absent for AWS itself; the URL of any S3-compatible service otherwise. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most others). */
  forcePathStyle: boolean;
}

/**
 * An S3-compatible bucket, for deployments with several API processes. Objects stay private in the
 * bucket: the API reads them and serves them itself, so every answer carries its headers
 * (ADR 0011).
 */
export class S3Storage implements FileStorage {
  readonly provider = 'aws-s3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      credentials: {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      },
      // The SDK's default CRC trailers (aws-chunked bodies) are not understood by every
      // S3-compatible server; checksums only where the API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, source: StorageSource, contentType: string): Promise<void> {
    assertValidKey(key);
    const body = Buffer.isBuffer(source)
      ? { Body: source, ContentLength: source.length }
      : { Body: createReadStream(source.path), ContentLength: (await stat(source.path)).size };
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType, ...body }),
    );
  }

  async get(key: string) {
    assertValidKey(key);
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return { body: object.Body, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
        return undefined;
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // DeleteObject succeeds for a missing key, as the interface asks.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: prefix },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
      }
    }
  }

  publicUrl(key: string): string {
    return uploadsPath(key);
  }

  close(): void {
    this.client.destroy();
  }
}

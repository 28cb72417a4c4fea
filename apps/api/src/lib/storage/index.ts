import type { AppConfig } from '../../config/env';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { FileStorage } from './storage';

export * from './storage';
export { LocalStorage } from './local-storage';
export { S3Storage } from './s3-storage';

/** The storage the configuration names: the upload directory, or an S3-compatible bucket. */
export function createStorage(config: Pick<AppConfig, 'storage' | 'uploadDir'>): FileStorage {
  return config.storage.kind === 's3'
    ? new S3Storage(config.storage)
    : new LocalStorage(config.uploadDir);
}

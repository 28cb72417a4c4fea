import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { AppConfig } from '../../src/config/env';

// The SDK warns once per process that its 2027 releases will need Node 22 (ADR 0011).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export const TEST_BUCKET = 'plataforma-uploads';

/** An S3-compatible server in this process (s3rver), on a free loopback port. */
export interface S3TestServer {
  storage: Extract<AppConfig['storage'], { kind: 's3' }>;
  /** Where s3rver keeps the objects (to check what is stored). */
  directory: string;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  return {
    directory,
    storage: {
      kind: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'eu-south-2',
      bucket: TEST_BUCKET,
      // s3rver's fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Uploads on the embedded database under other writes (ADR 0053, "Uploads on the embedded
 * database"): a 1 MB PDF uploaded again and again through `POST /api/upload` while students apply
 * to projects, people sign up and other students upload their own files, all against one API
 * process on PGlite (the default, `npm start` with no DATABASE_URL). Budget: p50 under 0.5 s and
 * p99 under 2 s for the 1 MB uploads.
 *
 * The data folder is new each run: migrated, demo data and a scale seed of 1 (1,000 students,
 * 100 projects), read once before the server takes the folder's lock to learn which students
 * and projects the writers use.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { openDatabase } from '../src/db/client';

export interface EmbeddedUploadRun {
  uploads: number;
  p50: number;
  p99: number;
  max: number;
  /** Other writes acknowledged while the uploads ran, by kind. */
  applications: number;
  registrations: number;
  smallUploads: number;
  /** Answers other than the expected 2xx, from any writer. */
  failures: number;
  /** The first failure, to say what went wrong. */
  firstFailure: string | undefined;
  seconds: number;
}

const PASSWORD = 'Demostracion2026';
/** Students who apply (each to every open project), then four who upload small files, four large. */
const APPLYING = 20;
const STUDENTS = APPLYING + 8;

/** A valid PDF of about `bytes` bytes: random data (incompressible) attached to one page. */
async function pdfOfSize(bytes: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([595, 842]);
  await document.attach(randomBytes(bytes), 'datos.bin', { mimeType: 'application/octet-stream' });
  return document.save();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function measureEmbeddedUploads(options: {
  repo: string;
  port: number;
  jwtSecret: string;
  seconds: number;
  log: (message: string) => void;
}): Promise<EmbeddedUploadRun> {
  const { repo, port, jwtSecret, seconds, log } = options;
  // \`loop\` needs a write; one that throws (nothing left to do) counts as a failure.
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-embedded-'));
  // No DATABASE_URL: the embedded database in DATA_DIR.
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const env = {
    ...inherited,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
  };
  let server: ChildProcess | undefined;
  try {
    log('Embedded database: seeding a new data folder (scale 1)...');
    const seeded = spawnSync('node', ['apps/api/dist/seed-cli.js', '--scale', '1'], {
      cwd: repo,
      env: { ...env, DEMO_DATA: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (seeded.status !== 0) throw new Error('seeding the embedded database failed');

    // Who writes: seeded students (the scale seed's password is the demo one) and the projects
    // they may apply to (published, open).
    const database = await openDatabase({ pgliteDir: join(dataDir, 'pgdata') });
    let emails: string[];
    let projectIds: number[];
    let privacyVersion: number;
    const alreadyApplied = new Set<string>();
    try {
      const rows = async <T>(text: string): Promise<T[]> => {
        const result: unknown = await database.db.execute(sql.raw(text));
        return (result as { rows: T[] }).rows;
      };
      emails = (
        await rows<{ email: string }>(
          `SELECT u.email FROM up_users u JOIN students s ON s.user_id = u.id
           WHERE u.email LIKE '%@escala.demo.es' ORDER BY u.id LIMIT ${STUDENTS}`,
        )
      ).map((row) => row.email);
      projectIds = (
        await rows<{ id: number }>(
          `SELECT id FROM projects WHERE published_at IS NOT NULL
           AND (application_deadline IS NULL OR application_deadline >= current_date) ORDER BY id`,
        )
      ).map((row) => row.id);
      const applied = await rows<{ email: string; project_id: number }>(
        `SELECT u.email, a.project_id FROM applys a JOIN students s ON s.id = a.student_id
         JOIN up_users u ON u.id = s.user_id WHERE u.email LIKE '%@escala.demo.es'`,
      );
      for (const row of applied) alreadyApplied.add(`${row.email} ${row.project_id}`);
      const privacy = await rows<{ version: number }>(
        `SELECT version FROM legal_texts WHERE kind = 'privacy'`,
      );
      privacyVersion = privacy[0]?.version ?? 1;
    } finally {
      await database.close();
    }
    if (emails.length < STUDENTS || projectIds.length < 20) {
      throw new Error('the embedded scale seed lacks students or open projects');
    }

    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    server = spawn('node', [...nodeArgs, 'apps/api/dist/server.js'], {
      cwd: repo,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_DATA: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ready = await fetch(`${base}/readyz`).catch(() => undefined);
      if (ready?.ok) break;
      if (Date.now() > deadline) throw new Error('the embedded API did not become ready');
      await new Promise((r) => setTimeout(r, 250));
    }

    const sessions = await Promise.all(
      emails.map(async (email) => {
        const { jwt } = await json<{ jwt: string }>(
          await fetch(`${base}/api/auth/local`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ identifier: email, password: PASSWORD }),
          }),
          `sign in ${email}`,
        );
        const auth = { authorization: `Bearer ${jwt}` };
        const me = await json<{ data: { id: number }[] }>(
          await fetch(`${base}/api/students?fields=primaryKey`, { headers: auth }),
          'own student',
        );
        return { email, auth, studentId: me.data[0]!.id };
      }),
    );

    const large = await pdfOfSize(1_048_576);
    const small = await pdfOfSize(20_000);
    const upload = (auth: Record<string, string>, bytes: Uint8Array, name: string) => {
      const form = new FormData();
      form.append('files', new Blob([Buffer.from(bytes)], { type: 'application/pdf' }), name);
      return fetch(`${base}/api/upload`, { method: 'POST', headers: auth, body: form });
    };

    const counts = { applications: 0, registrations: 0, smallUploads: 0, failures: 0 };
    const latencies: number[] = [];
    let running = true;
    let firstFailure: string | undefined;
    const failed = async (answer: Response | Error) => {
      counts.failures += 1;
      firstFailure ??=
        answer instanceof Response
          ? `${answer.status} ${answer.url}: ${(await answer.text()).slice(0, 300)}`
          : answer.message;
    };
    const loop = async (write: () => Promise<Response>, onOk: () => void) => {
      while (running) {
        const answer = await Promise.resolve()
          .then(write)
          .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
        if (answer instanceof Response && answer.ok) {
          await answer.arrayBuffer();
          onOk();
        } else {
          await failed(answer);
        }
      }
    };
    const stamp = Date.now().toString(36);
    let registration = 0;
    const writers: Promise<void>[] = [];
    // Applications: four at a time, by the first APPLYING students, each to every open project
    // they have not applied to yet.
    const pairs = sessions
      .slice(0, APPLYING)
      .flatMap((session) =>
        projectIds
          .filter((id) => !alreadyApplied.has(`${session.email} ${id}`))
          .map((projectId) => ({ session, projectId })),
      );
    for (let i = 0; i < 4; i += 1) {
      writers.push(
        loop(
          () => {
            const pair = pairs.pop();
            if (!pair) throw new Error('no application left to make');
            return fetch(`${base}/api/applys`, {
              method: 'POST',
              headers: { ...pair.session.auth, 'content-type': 'application/json' },
              body: JSON.stringify({
                data: {
                  student: pair.session.studentId,
                  project: pair.projectId,
                  CV_url: 'https://example.com/cv.pdf',
                  interest: 'El impacto en el barrio',
                  motivation: 'Quiero aprender',
                  good_candidate: 'He trabajado en una cooperativa',
                  availability: 'Tardes',
                },
              }),
            });
          },
          () => (counts.applications += 1),
        ),
      );
    }
    // Registrations: two at a time, each a new account (a password hash, the account, the
    // student and the confirmation email in the outbox).
    for (let i = 0; i < 2; i += 1) {
      writers.push(
        loop(
          () =>
            fetch(`${base}/api/users-permissions/register-partialy`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                data: {
                  email: `alta-${stamp}-${(registration += 1)}@bench.test`,
                  password: 'Contraseña-larga-9',
                  name: 'Prueba',
                  profileType: 'student',
                  privacyAccepted: true,
                  privacyVersion,
                },
              }),
            }),
          () => (counts.registrations += 1),
        ),
      );
    }
    // Small uploads (a 20 KB CV) by four other students.
    for (const session of sessions.slice(APPLYING, APPLYING + 4)) {
      writers.push(
        loop(
          () => upload(session.auth, small, 'cv.pdf'),
          () => (counts.smallUploads += 1),
        ),
      );
    }
    // The measured uploads: 1 MB, by four more students, each one after the other.
    const started = performance.now();
    for (const session of sessions.slice(APPLYING + 4, APPLYING + 8)) {
      writers.push(
        (async () => {
          while (running) {
            const begun = performance.now();
            const answer = await upload(session.auth, large, 'trabajo.pdf').catch(
              (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
            );
            if (answer instanceof Response && answer.status === 201) {
              await answer.arrayBuffer();
              latencies.push(performance.now() - begun);
            } else {
              await failed(answer);
            }
          }
        })(),
      );
    }
    await new Promise((r) => setTimeout(r, seconds * 1000));
    running = false;
    await Promise.all(writers);
    const elapsed = (performance.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      uploads: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? NaN,
      ...counts,
      firstFailure,
      seconds: elapsed,
    };
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

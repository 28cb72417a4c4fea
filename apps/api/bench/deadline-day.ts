/**
 * Deadline day (`npm run bench -- --only deadline-day`): the students of a university arrive
 * together on the day applications close. Each virtual student keeps one connection, signs in
 * once as the web does, then searches the catalogue, opens a project, reads the bell's count and,
 * one time in twenty, applies (with an `Idempotency-Key`, retried on 503 and lost answers as the
 * web retries, ADR 0068, 0070), thinking 1–3 s between calls. Students join in steps (200, then
 * 1,000, then 2,000 in all), each step's newcomers spread over its first half.
 *
 * It reports per step and call: answers per second, p50/p95/p99/max of the 2xx, p99/max of the
 * 503s, statuses and timeouts; the CPU milliseconds per answered request (API processes and
 * PostgreSQL, from /proc, which do not depend on what else shares the machine); and at the end,
 * read from the database, the applications **lost** (answered 2xx, not stored), **failed but
 * stored** (never answered 2xx, stored) and **duplicated** (a student and project twice).
 * What each call costs alone is `--only "cpu per call"` (run.ts), with the answer cache off.
 */
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';

export interface DeadlineDayOptions {
  base: string;
  databaseUrl: string;
  /** The API's primary process: its children are the workers. */
  serverPid: number;
  password: string;
  steps: number[];
  stepSeconds: number;
  log: (line: string) => void;
}

type Call = 'sign-in' | 'search' | 'project' | 'bell' | 'apply';
const CALLS: Call[] = ['sign-in', 'search', 'project', 'bell', 'apply'];
/** What a person waits before the web gives up on a call (the sign-in timeouts of the issue). */
const TIMEOUT_MS = 30_000;
const APPLY_ATTEMPTS = 5;
const WORDS = [
  'energía',
  'educación',
  'salud mental',
  'inclusión',
  'medio ambiente',
  'tecnología',
  'mayores',
  'cultura',
  'agua',
  'vivienda',
  'migración',
  'alimentación',
];

interface Answer {
  status: number;
  ms: number;
  retryAfter: number | undefined;
  body: string;
}

/** One request on the student's own connection; status 0 for a timeout or a lost connection. */
function send(
  agent: Agent,
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const url = new URL(path, base);
    const req = httpRequest(
      url,
      {
        method,
        agent,
        headers: {
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        timeout: TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const retryAfter = Number(res.headers['retry-after']);
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', () =>
          resolve({ status: 0, ms: performance.now() - started, retryAfter: undefined, body: '' }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () =>
      resolve({ status: 0, ms: performance.now() - started, retryAfter: undefined, body: '' }),
    );
    req.end(body);
  });
}

/** Answers of one call in one step. */
class Tally {
  readonly statuses = new Map<number, number>();
  readonly ok: number[] = [];
  readonly busy: number[] = [];
  record(answer: Answer) {
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if (answer.status >= 200 && answer.status < 300) this.ok.push(answer.ms);
    else if (answer.status === 503) this.busy.push(answer.ms);
  }
  get answered() {
    let n = 0;
    for (const [status, count] of this.statuses) if (status !== 0) n += count;
    return n;
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time of a process in ms (user + system), from /proc/<pid>/stat; 0 when it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** Processes whose parent is `pid`, and theirs (the API's cluster workers and threads are one). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  const all: number[] = [];
  const visit = (p: number) => {
    all.push(p);
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return all;
}

/** Every PostgreSQL process of the machine (the server's and its backends). */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (/\(postgres\)/.test(stat.slice(0, stat.indexOf(')') + 1))) pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

/**
 * The CPU the API and PostgreSQL spent since the previous reading. Processes that ended in
 * between (a backend closed) lose their last slice: the figure errs low by that, not high.
 */
class CpuMeter {
  private last = new Map<number, number>();
  constructor(private readonly serverPid: number) {
    this.read();
  }
  read(): { api: number; database: number } {
    const api = descendants(this.serverPid);
    const database = postgresPids();
    const delta = (pids: number[]) => {
      let sum = 0;
      for (const pid of pids) {
        const now = cpuMs(pid);
        sum += now - (this.last.get(pid) ?? now);
        this.last.set(pid, now);
      }
      return sum;
    };
    return { api: delta(api), database: delta(database) };
  }
}

interface Student {
  userId: number;
  studentId: number;
  email: string;
  agent: Agent;
  jwt?: string;
}

interface ApplyAttempt {
  studentId: number;
  projectId: number;
  acknowledged: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => sleep(1000 + Math.random() * 2000);
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

const PROJECT_QUERY =
  'publicationState=preview&populate[organization][fields][0]=name&populate[organization][populate][logo][fields][0]=url&populate[teacher][fields][0]=id&populate[campus][fields][0]=name&populate[campus][populate][university][fields][0]=name';

async function loadFixtures(databaseUrl: string, count: number) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const students = await db.query<{ user_id: number; id: number; email: string }>(
      `SELECT s.user_id, s.id, u.email FROM students s JOIN up_users u ON u.id = s.user_id
        WHERE u.password IS NOT NULL AND NOT u.blocked AND u.confirmed
        ORDER BY s.id LIMIT $1`,
      [count],
    );
    const projects = await db.query<{ id: number }>(
      `SELECT id FROM projects WHERE status = 'Publicada' AND published_at IS NOT NULL
          AND (application_deadline IS NULL OR application_deadline >= current_date)`,
    );
    if (students.rows.length < count) {
      throw new Error(`deadline-day needs ${count} students; the seed has ${students.rows.length}`);
    }
    if (projects.rows.length === 0) throw new Error('deadline-day needs open projects');
    return {
      students: students.rows.map((row) => ({
        userId: row.user_id,
        studentId: row.id,
        email: row.email,
        agent: new Agent({ keepAlive: true, maxSockets: 1 }),
      })),
      projects: projects.rows.map((row) => row.id),
    };
  } finally {
    await db.end();
  }
}

/** The last application stored before the students arrive: the run's are those after it. */
async function lastApplication(databaseUrl: string): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number | null }>('SELECT max(id) AS id FROM applys');
    return rows[0]?.id ?? 0;
  } finally {
    await db.end();
  }
}

/**
 * The applications of the students stored after `after`, against what they were told: lost (2xx,
 * not stored), failed but stored (no 2xx, stored) and duplicated (twice for one student and
 * project).
 */
async function checkApplications(
  databaseUrl: string,
  after: number,
  attempts: ApplyAttempt[],
): Promise<{
  stored: number;
  acknowledged: number;
  lost: number;
  failedStored: number;
  duplicates: number;
}> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const students = [...new Set(attempts.map((a) => a.studentId))];
    const { rows } = await db.query<{ student_id: number; project_id: number; n: string }>(
      `SELECT student_id, project_id, count(*) AS n FROM applys
        WHERE id > $1 AND student_id = ANY($2::int[])
        GROUP BY student_id, project_id`,
      [after, students],
    );
    const stored = new Map(rows.map((r) => [`${r.student_id}:${r.project_id}`, Number(r.n)]));
    const acknowledged = new Set(
      attempts.filter((a) => a.acknowledged).map((a) => `${a.studentId}:${a.projectId}`),
    );
    let lost = 0;
    for (const key of acknowledged) if (!stored.has(key)) lost += 1;
    let failedStored = 0;
    for (const key of stored.keys()) if (!acknowledged.has(key)) failedStored += 1;
    let duplicates = 0;
    for (const n of stored.values()) if (n > 1) duplicates += n - 1;
    return {
      stored: [...stored.values()].reduce((a, b) => a + b, 0),
      acknowledged: acknowledged.size,
      lost,
      failedStored,
      duplicates,
    };
  } finally {
    await db.end();
  }
}

export async function runDeadlineDay(options: DeadlineDayOptions): Promise<boolean> {
  const { base, log } = options;
  const total = Math.max(...options.steps);
  const { students, projects } = await loadFixtures(options.databaseUrl, total);
  const after = await lastApplication(options.databaseUrl);
  const attempts: ApplyAttempt[] = [];
  const cpu = new CpuMeter(options.serverPid);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  let tallies = new Map<Call, Tally>(CALLS.map((c) => [c, new Tally()]));
  let stopAll = false;

  const call = async (
    kind: Call,
    student: Student,
    method: string,
    path: string,
    body?: string,
    extra: Record<string, string> = {},
  ) => {
    const headers: Record<string, string> = { ...extra };
    if (student.jwt) headers.authorization = `Bearer ${student.jwt}`;
    const answer = await send(student.agent, base, method, path, headers, body);
    tallies.get(kind)!.record(answer);
    return answer;
  };

  /** A student's day: sign in (again after a 503 or a timeout), then browse until the end. */
  const live = async (student: Student) => {
    while (!student.jwt && !stopAll) {
      const answer = await call(
        'sign-in',
        student,
        'POST',
        '/api/auth/local',
        JSON.stringify({ identifier: student.email, password: options.password }),
      );
      if (answer.status === 200) student.jwt = (JSON.parse(answer.body) as { jwt: string }).jwt;
      // Told to wait (503, 429) or no answer: again later, as a person would press again.
      else if ([0, 429, 503].includes(answer.status)) {
        await sleep(((answer.retryAfter ?? 2) + Math.random()) * 1000);
      } else return;
    }
    while (!stopAll) {
      await think();
      if (stopAll) break;
      const word = encodeURIComponent(pick(WORDS));
      await call(
        'search',
        student,
        'GET',
        `/api/projects/search?q=${word}&page=${1 + Math.floor(Math.random() * 2)}`,
      );
      await think();
      if (stopAll) break;
      const projectId = pick(projects);
      await call('project', student, 'GET', `/api/projects/${projectId}?${PROJECT_QUERY}`);
      await think();
      if (stopAll) break;
      await call('bell', student, 'GET', '/api/communication-centers/unread-count');
      if (Math.random() < 1 / 20) {
        await think();
        if (stopAll) break;
        await apply(student, projectId);
      }
    }
  };

  /** One application, with one key for all its attempts, retried as the web retries. */
  const apply = async (student: Student, projectId: number) => {
    const key = randomUUID();
    const body = JSON.stringify({
      data: {
        student: student.studentId,
        project: projectId,
        CV_url: 'https://example.org/cv-de-prueba.pdf',
        interest: 'Me interesa el proyecto por su impacto en el barrio.',
        motivation: 'Quiero aplicar lo aprendido en la carrera a un problema real.',
        good_candidate: 'He trabajado en equipo en proyectos parecidos.',
        availability: 'Tardes de lunes a jueves.',
      },
    });
    const attempt: ApplyAttempt = { studentId: student.studentId, projectId, acknowledged: false };
    attempts.push(attempt);
    for (let n = 1; n <= APPLY_ATTEMPTS; n += 1) {
      const answer = await call('apply', student, 'POST', '/api/applys', body, {
        'idempotency-key': key,
      });
      if (answer.status >= 200 && answer.status < 300) {
        attempt.acknowledged = true;
        return;
      }
      if (answer.status !== 503 && answer.status !== 0) return;
      const wait = answer.retryAfter ?? 2 ** n * 0.5;
      await sleep(Math.random() * wait * 1000);
    }
  };

  const rows: string[][] = [];
  const running: Promise<void>[] = [];
  let joined = 0;
  let failed = false;
  for (const size of options.steps) {
    tallies = new Map<Call, Tally>(CALLS.map((c) => [c, new Tally()]));
    cpu.read();
    lag.reset();
    const started = performance.now();
    const stepEnds = started + options.stepSeconds * 1000;
    const newcomers = students.slice(joined, size);
    const spread = (options.stepSeconds * 1000) / 2;
    newcomers.forEach((student, i) => {
      running.push(sleep((i / Math.max(1, newcomers.length)) * spread).then(() => live(student)));
    });
    joined = size;
    await sleep(Math.max(0, stepEnds - performance.now()));
    const seconds = (performance.now() - started) / 1000;
    const used = cpu.read();
    // How late this process's own callbacks ran: part of every time measured here.
    const generatorLag = lag.percentile(99) / 1e6;
    let answered = 0;
    for (const kind of CALLS) {
      const tally = tallies.get(kind)!;
      answered += tally.answered;
      const statuses = [...tally.statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status === 0 ? 'timeout' : status}×${count}`)
        .join(' ');
      rows.push([
        String(size),
        kind,
        (tally.answered / seconds).toFixed(1),
        `${[50, 95, 99, 100].map((p) => percentile(tally.ok, p).toFixed(0)).join('/')} ms`,
        tally.busy.length
          ? `${percentile(tally.busy, 99).toFixed(0)}/${percentile(tally.busy, 100).toFixed(0)} ms`
          : '-',
        statuses || '-',
      ]);
      if ((tally.statuses.get(500) ?? 0) > 0) failed = true;
    }
    rows.push([
      String(size),
      'all',
      (answered / seconds).toFixed(1),
      '',
      '',
      `CPU per answer: API ${(used.api / Math.max(1, answered)).toFixed(2)} ms, PostgreSQL ${(used.database / Math.max(1, answered)).toFixed(2)} ms; load generator's event loop late by up to ${generatorLag.toFixed(0)} ms (p99)`,
    ]);
    log(`deadline-day: ${size} students, ${(answered / seconds).toFixed(0)} answers/s`);
  }
  stopAll = true;
  lag.disable();
  await Promise.all(running);
  for (const student of students) student.agent.destroy();

  const check = await checkApplications(options.databaseUrl, after, attempts);
  log('');
  log('| students | call | answers/s | 2xx p50/p95/p99/max | 503 p99/max | statuses |');
  log('|---|---|---|---|---|---|');
  for (const row of rows) log(`| ${row.join(' | ')} |`);
  log('');
  log(
    `applications: ${attempts.length} tried, ${check.acknowledged} acknowledged, ${check.stored} stored; lost ${check.lost}, failed but stored ${check.failedStored}, duplicates ${check.duplicates}`,
  );
  if (check.lost || check.failedStored || check.duplicates) failed = true;
  return !failed;
}

export interface TimedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * The CPU one call costs alone: `count` requests, four at a time, with the API and PostgreSQL
 * measured around them, in `rounds` rounds of which the cheapest is answered. Other work on the
 * machine only adds to a round (a virtual machine's stolen and throttled time shows as CPU), so
 * the cheapest round is the closest to the call's own cost.
 */
export async function cpuPerCall(
  base: string,
  serverPid: number,
  requests: TimedRequest[],
  count = 400,
  rounds = 3,
): Promise<{ api: number; database: number; errors: number }> {
  const agents = Array.from({ length: 4 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  const sendOne = (agent: Agent, i: number) => {
    const r = requests[i % requests.length]!;
    return send(agent, base, r.method, r.path, r.headers ?? {}, r.body);
  };
  // Every request once first: the caches, copies and prepared statements of a process at work.
  for (let i = 0; i < requests.length; i++) await sendOne(agents[i % agents.length]!, i);
  let best = { api: Number.POSITIVE_INFINITY, database: Number.POSITIVE_INFINITY };
  let errors = 0;
  for (let round = 0; round < rounds; round++) {
    const meter = new CpuMeter(serverPid);
    let next = 0;
    await Promise.all(
      agents.map(async (agent) => {
        for (;;) {
          const i = next++;
          if (i >= count) return;
          const answer = await sendOne(agent, i);
          if (answer.status < 200 || answer.status >= 300) errors += 1;
        }
      }),
    );
    const used = meter.read();
    if (used.api + used.database < best.api + best.database) best = used;
  }
  for (const agent of agents) agent.destroy();
  return { api: best.api / count, database: best.database / count, errors };
}

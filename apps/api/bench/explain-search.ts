/* eslint-disable -- a measuring harness run by hand, not part of the app or the bench */
/* Harness (not part of the bench): captures the library search statements of the bench's 48
 * queries and EXPLAIN ANALYZEs them on the bench database. */
import pg from 'pg';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { TEST_CONFIG } from '../test/helpers/app';

const url = process.env.BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
function librarySearches(): string[] {
  const words = [
    'economía circular',
    'salud mental',
    'turismo rural',
    'brecha digital',
    'huertos urbanos',
    'Cronbach',
    'método Delphi',
    'evaluación',
    'energéticas',
    'inclusión laboral',
    'cambio climático',
    'participación ciudadana',
    'Atlas.ti',
    'QGIS',
    'Montecarlo',
    'vivienda asequible',
    'soledad no deseada',
    'telemedicina',
    'lectura fácil',
    'gamificación',
    'personas mayores',
    '"datos abiertos"',
    'ciberseguridad universidad',
    'patrimonio industrial Andalucía',
  ];
  const filters = [
    '',
    '&year=2021',
    '&sector=Salud',
    '&language=Espa%C3%B1ol',
    '',
    '&awarded=true',
    '&ods=4',
    '&study_area=Ciencias%20puras&year=2023',
    '&sort=newest',
    '&page=2',
    '&external=true',
    '&sector=Tecnolog%C3%ADa&sector=Educaci%C3%B3n',
  ];
  return words.flatMap((word, i) =>
    [0, 5].map(
      (shift) =>
        `/api/tfxes/search?q=${encodeURIComponent(word)}${filters[(i + shift) % filters.length]}`,
    ),
  );
}
const captured: { text: string; values: unknown[] }[] = [];
const original = pg.Pool.prototype.query;
let capture = false;
(pg.Pool.prototype as any).query = function (this: pg.Pool, q: any, ...rest: any[]) {
  if (capture && typeof q === 'object' && q.text)
    captured.push({ text: q.text, values: q.values ?? [] });
  return (original as any).call(this, q, ...rest);
};
const handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
const app = await buildApp({
  config: { ...TEST_CONFIG, responseCache: false },
  db: handle.db,
  logger: false,
});
await app.ready();
const client = new pg.Client({ connectionString: url });
await client.connect();
const only = process.argv[2];
const paths = librarySearches().filter((p) => !only || p.includes(only));
const repeat = Number(process.env.REPEAT ?? 3);
const out: string[] = [];
let sum = 0;
const answers: Record<string, string> = {};
for (const path of paths) {
  captured.length = 0;
  capture = true;
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url: path });
  const injectMs = performance.now() - started;
  capture = false;
  answers[path] = res.body;
  const stmt = captured.find((c) => c.text.includes('"hits"') || c.text.includes('"all"'));
  if (!stmt) {
    out.push(`${path}: no statement captured (${res.statusCode})`);
    continue;
  }
  let best = Infinity;
  let plan: any;
  for (let i = 0; i < repeat; i++) {
    const r = await client.query({
      text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${stmt.text}`,
      values: stmt.values,
    });
    const p = (r.rows[0] as any)['QUERY PLAN'][0];
    if (p['Execution Time'] < best) {
      best = p['Execution Time'];
      plan = p;
    }
  }
  sum += best;
  const body = JSON.parse(res.body);
  out.push(
    `${best.toFixed(1).padStart(7)} ms  plan ${plan['Planning Time'].toFixed(1)}  inject ${injectMs.toFixed(0)}  total=${body.meta?.pagination?.total}  ${decodeURIComponent(path.slice(18))}`,
  );
  if (process.env.PLAN) console.log(JSON.stringify(plan.Plan, null, 1));
  if (process.env.SQL) console.log(stmt.text, JSON.stringify(stmt.values));
}
console.log(out.join('\n'));
console.log(`sum ${sum.toFixed(0)} ms, mean ${(sum / paths.length).toFixed(1)} ms`);
if (process.env.ANSWERS)
  (await import('node:fs')).writeFileSync(process.env.ANSWERS, JSON.stringify(answers, null, 1));
await client.end();
await app.close();
await handle.close();

// `npm run bench:web`: Lighthouse (mobile profile: a mid-range phone on a slow 4G link, simulated)
// against the production build served as `npm start` serves it, on a new embedded database with
// the demo data. Scores `/`, `/projects`, a project page and `/user/auth/login`; prints each
// page's scores and metrics as a Markdown table for docs/performance.md; exits 1 when a budget is
// missed (speed issue: performance ≥ 95, accessibility, best practices and SEO 100, CLS < 0.05).
//
// Options: --skip-build (use the current dist) · --runs N (runs per page, median kept; default 1)
// Debian's Chromium (/usr/bin/chromium, stack notes); CHROMIUM_PATH to use another.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const repo = resolve(import.meta.dirname, '..', '..', '..');
const { values: options } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
  },
});
const runs = Math.max(1, Number(options.runs));
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, cls: 0.05 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const log = (message) => process.stdout.write(`${message}\n`);

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? ok(address.port) : fail()));
    });
  });
}

if (!options['skip-build']) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: repo, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// As `npm start` runs, without DATABASE_URL: the embedded database, with the demo data.
const { DATABASE_URL: _unused, ...inherited } = process.env;
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: repo,
  env: {
    ...inherited,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    JWT_SECRET: 'bench-web-secret-bench-web-secret-0123456789',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: base,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
/**
 * One Lighthouse run. Now and then Chromium's trace misses the navigation's start
 * (`NO_NAVSTART`) and the run measures nothing; such a run is made again, up to twice.
 */
async function audit(url, port) {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const lhr = answer?.lhr;
    if (!lhr) throw new Error(`${url}: Lighthouse gave no result`);
    if (!lhr.runtimeError) return lhr;
    if (lhr.runtimeError.code !== 'NO_NAVSTART' || attempt === 3) {
      throw new Error(`${url}: ${lhr.runtimeError.message}`);
    }
    log(`${url}: ${lhr.runtimeError.code}, measured again`);
  }
}

let chrome;
let failed = false;
try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${base}/readyz`).catch(() => undefined);
    if (ready?.ok) break;
    if (Date.now() > deadline) throw new Error('the server did not become ready');
    await new Promise((r) => setTimeout(r, 500));
  }
  const sample = await (
    await fetch(`${base}/api/projects?fields[0]=title&sort=id:asc&pagination[pageSize]=1`)
  ).json();
  const projectId = sample.data?.[0]?.id;
  if (!projectId) throw new Error('the demo data has no published project');
  const pages = ['/', '/projects', `/projects/${projectId}`, '/user/auth/login'];

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });

  const rows = [];
  let version = '';
  for (const page of pages) {
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      const lhr = await audit(`${base}${page}`, chrome.port);
      results.push(lhr);
      version = lhr.lighthouseVersion;
    }
    // The median run by performance score.
    results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = results[Math.floor(results.length / 2)];
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const cls = metric('cumulative-layout-shift');
    const missed = [
      ...CATEGORIES.filter((id) => score(id) < BUDGET[id]).map((id) => `${id} ${score(id)}`),
      ...(cls >= BUDGET.cls ? [`CLS ${cls.toFixed(3)}`] : []),
    ];
    // What keeps accessibility, best practices or SEO below 100 (performance has its metrics).
    const failures = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
      lhr.categories[id].auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit.score !== null && audit.score < 1)
        .map((audit) => `${id}: ${audit.id}`),
    );
    failed ||= missed.length > 0;
    rows.push([
      page.replace(String(projectId), ':id'),
      score('performance'),
      score('accessibility'),
      score('best-practices'),
      score('seo'),
      `${(metric('first-contentful-paint') / 1000).toFixed(1)} s`,
      `${(metric('largest-contentful-paint') / 1000).toFixed(1)} s`,
      `${metric('total-blocking-time').toFixed(0)} ms`,
      cls.toFixed(3),
      missed.length ? `**missed**: ${missed.join(', ')}` : 'ok',
    ]);
    log(
      `${page}: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}, SEO ${score('seo')}; LCP ${(metric('largest-contentful-paint') / 1000).toFixed(1)} s, TBT ${metric('total-blocking-time').toFixed(0)} ms, CLS ${cls.toFixed(3)}`,
    );
    if (failures.length > 0) log(`  audits below full marks: ${failures.join('; ')}`);
    // What moved (CLS) and what the largest paint was, to know where to look.
    for (const item of lhr.audits['layout-shifts']?.details?.items ?? []) {
      log(
        `  layout shift ${item.score?.toFixed(3)}: ${item.node?.selector ?? '?'} (${item.node?.nodeLabel ?? ''})`,
      );
    }
    const lcp = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0];
    if (lcp?.node) log(`  largest paint: ${lcp.node.selector} (${lcp.node.nodeLabel})`);
  }
  log('');
  log('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | |');
  log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) log(`| ${row.join(' | ')} |`);
  log(
    `\nLighthouse ${version} mobile profile (simulated throttling), ${runs} run(s) per page, median; ${new Date().toISOString()}`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  failed = true;
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

import { execFile } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/*
 * What a newcomer and an operator meet first (ADR 0063): the runtime the `node` dependency pins,
 * what `npm install` prints, and the configuration files. Run alone with
 * `npm test -- --project install`.
 */

const ROOT = resolve(import.meta.dirname, '..');
const run = promisify(execFile);
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface RootPackage {
  version: string;
  engines: { node: string };
  dependencies: { node: string };
  devDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
}
const rootPackage = JSON.parse(read('package.json')) as RootPackage;
const pinned = rootPackage.dependencies.node;
const major = semver.major(pinned);

/**
 * The machine's own node and npm, found on PATH past the project's `node_modules/.bin`: what a
 * person who clones the repository runs `npm install` with, whatever this test runs on.
 */
function systemCommand(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir || dir.includes('node_modules')) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new Error(`no ${name} on PATH outside node_modules`);
}

/** `npm ci --dry-run` as a newcomer's npm runs it: what it would print, without installing. */
async function dryInstall(...flags: string[]) {
  const env = { ...process.env };
  // npm run (or npx) exported their settings; a newcomer's shell has none of them.
  for (const key of Object.keys(env)) if (/^npm_/i.test(key)) delete env[key];
  const { stderr } = await run(
    systemCommand('node'),
    [systemCommand('npm'), 'ci', '--dry-run', '--no-audit', '--no-fund', ...flags],
    { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 },
  );
  return stderr;
}

describe('the runtime', () => {
  it('the tests run on the Node.js that the `node` dependency pins, a supported LTS within engines', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(process.version).toBe(`v${pinned}`);
    // Even majors are the LTS lines; 24 is supported until April 2028.
    expect(major % 2).toBe(0);
    expect(major).toBeGreaterThanOrEqual(24);
    expect(semver.satisfies(pinned, rootPackage.engines.node)).toBe(true);
  });

  it('the stated floor is the same everywhere: engines, @types/node, the bundle target, README and operations', () => {
    const floor = semver.minVersion(rootPackage.engines.node);
    expect(floor?.major).toBe(major);
    expect(semver.minVersion(rootPackage.devDependencies['@types/node'] ?? '')?.major).toBe(major);
    expect(read('apps/api/scripts/build.mjs')).toContain(`target: 'node${major}'`);
    expect(read('README.md')).toContain(`Node.js ${major}`);
    expect(read('docs/operations.md')).toContain(`Node.js ${major}`);
  });
});

describe('npm install on a clean clone', () => {
  it('prints no warning with the project’s settings', async () => {
    expect(await dryInstall()).not.toMatch(/npm warn/i);
  });

  it('warns, when asked to, only about engines the pinned runtime satisfies', async () => {
    const stderr = await dryInstall('--loglevel=warn');
    const other = stderr
      .split('\n')
      .filter((line) => /^npm warn/i.test(line) && !/^npm warn EBADENGINE/i.test(line));
    expect(other).toEqual([]);
    const required = [...stderr.matchAll(/required: \{ node: '([^']+)'/g)].map((m) => m[1]!);
    for (const range of required)
      expect([range, semver.satisfies(pinned, range)]).toEqual([range, true]);
  });

  it('every dependency with install scripts has been reviewed (allowScripts)', async () => {
    const { stdout } = await run(
      systemCommand('node'),
      [systemCommand('npm'), 'approve-scripts', '--allow-scripts-pending'],
      { cwd: ROOT },
    );
    expect(stdout).toContain('No packages with unreviewed install scripts');
    // The runtime itself arrives by its install script.
    expect(rootPackage.allowScripts.node).toBe(true);
  });
});

describe('the configuration files', () => {
  /** The variables of the README's configuration table (first column, `A`, `B` both counted). */
  const readmeVariables = () => {
    const table = read('README.md').split('## Configuration')[1]?.split('\n## ')[0] ?? '';
    const names = new Set<string>();
    for (const line of table.split('\n')) {
      const first = /^\| ([^|]+) \|/.exec(line)?.[1] ?? '';
      for (const match of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1]!);
      // S3_* are listed in the STORAGE line's meaning.
      if (first.includes('`STORAGE`')) {
        for (const match of line.matchAll(/`(S3_[A-Z_]+)`/g)) names.add(match[1]!);
      }
    }
    return names;
  };

  it('.env.example names every variable of the README table, and only those', () => {
    const example = read('.env.example');
    const inExample = new Set([...example.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    const inReadme = readmeVariables();
    expect(inReadme.size).toBeGreaterThan(20);
    expect([...inReadme].filter((name) => !inExample.has(name))).toEqual([]);
    expect([...inExample].filter((name) => !inReadme.has(name))).toEqual([]);
  });

  it('every variable of the README table is one the server reads', () => {
    const schema = read('apps/api/src/config/env.ts');
    const unread = [...readmeVariables()].filter((name) => !schema.includes(`  ${name}:`));
    expect(unread).toEqual([]);
  });
});

describe('the version', () => {
  it('is one semver for the root and every workspace, and the changelog’s newest release', () => {
    expect(semver.valid(rootPackage.version)).toBe(rootPackage.version);
    for (const workspace of ['apps/api', 'apps/web', 'packages/shared']) {
      const { version } = JSON.parse(read(`${workspace}/package.json`)) as { version: string };
      expect([workspace, version]).toEqual([workspace, rootPackage.version]);
    }
    const released = /^## \[(\d+\.\d+\.\d+)\]/m.exec(read('CHANGELOG.md'))?.[1];
    expect(released).toBe(rootPackage.version);
  });
});

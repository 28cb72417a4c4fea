import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';

/*
 * Documents that stay true (docs/decisions/README.md): every file docs/architecture.md names
 * exists, every ADR is in the index with a link that resolves, and no doc comment sits above
 * another one (the first then describes nothing: what is left when code moves and its comment
 * does not). `npm run lint` runs it; scripts/docs-check.test.ts runs it too, with cases it must
 * refuse.
 */

const ROOT = resolve(import.meta.dirname, '..');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'data', 'coverage', '.git']);
const SOURCE_ROOTS = ['apps', 'packages', 'scripts', '.ci'];

/** Every file under `dir` (relative to ROOT, with `/`), build output and data left out. */
export function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (absolute: string) => {
    for (const entry of readdirSync(absolute, { withFileTypes: true })) {
      if (SKIPPED_DIRS.has(entry.name)) continue;
      const path = join(absolute, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(relative(ROOT, path).split(sep).join('/'));
    }
  };
  walk(join(ROOT, dir));
  return found;
}

/** A name of a file or folder of ours: ends in a known extension, or in `/`. */
const PATH_LIKE =
  /(?:^|[\s(`'"])((?:\.\.\/|[\w@.-]+\/)*[\w@.-]+(?:\.(?:tsx?|mjs|js|json|md|css|sql|html)|\/))(?=$|[\s),;:`'"])/g;

/** Names of others' software that look like file names. */
const LIBRARIES = new Set(['Node.js', 'pdf.js']);

/** Names that stand for many files or for what a build makes, not for one file of the tree. */
const isPattern = (name: string) =>
  /[<>*{}]|\.\.\.|(?:^|\/)dist(?:-server)?\//.test(name) || LIBRARIES.has(name);

/**
 * The paths docs/architecture.md names that match no file or folder: a name with a folder must
 * be one under the section's root (`## API (\`apps/api/src\`)`), the repository's root or a
 * workspace's; a bare file name must be some file's name.
 */
export function missingArchitecturePaths(text: string, files: readonly string[]): string[] {
  const known = new Set(files);
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/') + '/');
  }
  const names = new Set(files.map((file) => basename(file)));
  const folderNames = new Set([...folders].map((folder) => basename(folder) + '/'));
  const exists = (path: string) => known.has(path) || folders.has(path);

  const missing: string[] = [];
  let section = '';
  for (const line of text.split('\n')) {
    const heading = /^##\s.*\(`([^`]+)`\)/.exec(line);
    if (heading?.[1]) section = heading[1].replace(/\/?$/, '/');
    else if (line.startsWith('## ')) section = '';
    for (const match of line.matchAll(PATH_LIKE)) {
      const name = match[1] ?? '';
      if (isPattern(name)) continue;
      let ok: boolean;
      if (name.replace(/\/$/, '').includes('/')) {
        ok =
          BASES.map((base) => normalise((base ?? section) + name)).some(exists) ||
          [...known, ...folders].some((path) => path.endsWith('/' + name));
      } else {
        ok = name.endsWith('/') ? folderNames.has(name) : names.has(name);
      }
      if (!ok && !missing.includes(name)) missing.push(name);
    }
  }
  return missing;
}

/** Where a name with a folder may start: the section's root (undefined), the repository, a workspace. */
const BASES = [undefined, '', 'apps/api/', 'apps/web/', 'packages/shared/', 'apps/api/src/'];

/** `a/b/../c` as `a/c`. */
function normalise(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.') out.push(part);
  }
  return out.join('/');
}

/** The ADR files the index leaves out, and the index's links that lead nowhere. */
export function indexProblems(index: string, adrFiles: readonly string[]): string[] {
  const linked = new Set([...index.matchAll(/\]\(([^)#]+\.md)\)/g)].map((match) => match[1]));
  return [
    ...adrFiles.filter((file) => !linked.has(file)).map((file) => `not in the index: ${file}`),
    ...[...linked]
      .filter((file) => file !== undefined && !adrFiles.includes(file))
      .map((file) => `the index links a missing file: ${file}`),
  ];
}

/** `file:line` of each doc comment that another doc comment follows at once. */
export function stackedDocComments(file: string, text: string): string[] {
  const lines = text.split('\n');
  const found: string[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (lines[i]?.trim().endsWith('*/') && lines[i + 1]?.trim().startsWith('/**')) {
      let start = i;
      while (start > 0 && !lines[start]?.trim().startsWith('/*')) start--;
      if (lines[start]?.trim().startsWith('/**')) found.push(`${file}:${start + 1}`);
    }
  }
  return found;
}

/** Every problem of the repository's documents, as lines to print; none when they are true. */
export function checkDocuments(): string[] {
  const files = filesUnder('.');
  const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
  const adrFiles = files
    .filter((file) => /^docs\/decisions\/\d{4}-.*\.md$/.test(file))
    .map((file) => basename(file));
  return [
    ...missingArchitecturePaths(read('docs/architecture.md'), files).map(
      (name) => `docs/architecture.md names ${name}, which does not exist`,
    ),
    ...indexProblems(read('docs/decisions/README.md'), adrFiles).map(
      (problem) => `docs/decisions/README.md: ${problem}`,
    ),
    ...files
      .filter((file) => SOURCE_ROOTS.some((root) => file.startsWith(root + '/')))
      .filter((file) => /\.(?:tsx?|mjs)$/.test(file))
      .flatMap((file) => stackedDocComments(file, read(file)))
      .map((where) => `${where}: a doc comment above another one describes nothing`),
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const problems = checkDocuments();
  for (const problem of problems) console.error(problem);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

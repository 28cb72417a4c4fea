import { describe, expect, it } from 'vitest';
import {
  checkDocuments,
  filesUnder,
  indexProblems,
  missingArchitecturePaths,
  stackedDocComments,
} from './docs-check';

describe('the documents stay true (docs/decisions/README.md)', () => {
  it('finds nothing wrong in the repository as it is', () => {
    expect(checkDocuments()).toEqual([]);
  });

  it('names a file docs/architecture.md mentions that is gone, wherever its section starts', () => {
    const files = filesUnder('apps/api');
    const text = [
      '## API (`apps/api/src`)',
      'lib/strapi/engine.ts   the engine (`registry.ts`); ../bench/run.ts',
      'features/docs/        docs.plugin.ts and openapi.ts; `features/docs/openapi.ts`',
      'db/schema/*.ts and `features/<feature>/` are patterns; dist/server.js is built',
      '## Web (`apps/web/src`)',
      'lib/strapi/engine.ts is not under the web',
    ].join('\n');
    expect(missingArchitecturePaths(text, [...files, ...filesUnder('apps/web/src')])).toEqual([
      'openapi.ts',
      'features/docs/openapi.ts',
    ]);
  });

  it('asks every ADR to be in the index and every link of the index to lead somewhere', () => {
    const index = '| [0001](0001-a.md) | A | accepted |\n| [0003](0003-c.md) | C | accepted |';
    expect(indexProblems(index, ['0001-a.md', '0002-b.md'])).toEqual([
      'not in the index: 0002-b.md',
      'the index links a missing file: 0003-c.md',
    ]);
  });

  it('finds a doc comment left above another one, not a file comment set apart', () => {
    const stacked = [
      '/**',
      ' * What the old function did.',
      ' */',
      '/** The constant that came in between. */',
      'const A = 1;',
      '',
      '/* The file. */',
      '/** Fine: the first is not a doc comment. */',
      'const B = 2;',
      '/** One. */',
      '',
      '/** Fine: a blank line sets them apart. */',
      'const C = 3;',
    ].join('\n');
    expect(stackedDocComments('x.ts', stacked)).toEqual(['x.ts:1']);
  });
});

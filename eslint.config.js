import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** The web features: each may import lib/ and components/, never another feature. */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/dist-server/**',
      '**/data/**',
      '**/coverage/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            'scripts/*.mjs',
            'apps/*/scripts/*.mjs',
            '.ci/*.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Files served to the browser as they are (apps/web/public), outside the bundle.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // House style rule 1: shared UI and libraries never reach into features or resources.
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/features/**', '**/entities/**'] }],
    },
  },
  {
    // ADR 0030: the resources (entities/) sit under the features and use only lib/ and the shared
    // contract, so that any feature can show a resource and every screen stays in step.
    files: ['apps/web/src/entities/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/features/**', '**/app/**', '**/forms/**', '**/components/**'] },
      ],
    },
  },
  // House style rule 1: features do not import each other; app/ composes them.
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: WEB_FEATURES.filter((other) => other !== feature).flatMap((other) => [
            `**/features/${other}`,
            `**/features/${other}/**`,
            `../${other}`,
            `../${other}/**`,
            `../../${other}`,
            `../../${other}/**`,
          ]),
        },
      ],
    },
  })),
  {
    // The API's layers (docs/architecture.md): lib/, db/ and plugins/ serve the features and never
    // import one, nor the registry of them (content-types.ts); app.ts composes them.
    files: ['apps/api/src/lib/**', 'apps/api/src/db/**', 'apps/api/src/plugins/**'],
    // Their tests may build the whole registry to try a layer against every content type.
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/features/**', '**/content-types'] }],
    },
  },
  {
    files: ['packages/shared/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/apps/**', 'node:*', 'fastify', 'drizzle-orm', 'react'] },
      ],
    },
  },
);

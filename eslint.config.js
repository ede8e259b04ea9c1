import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/*
 * The boundaries between the parts of the code (a test lints deliberately wrong imports against
 * them: src/lint-boundaries.test.ts with tests/lint-fixtures/):
 * - src/shared imports nothing from src/client or src/server (both sides run it);
 * - src/server never imports src/client;
 * - src/server/lib (small utilities) imports nothing else of the server: the HTTP edge (edge/),
 *   page rendering (pages/), the domains (modules/) and the database (db/) build on it;
 * - src/client imports from src/server only types (`import type`);
 * - a feature (src/client/features/<name>/) imports another one only through its public face,
 *   features/<name>/index.ts, or not at all (routes and the shell compose features and may
 *   import any file);
 * - a feature asks the server only in its api/ folder: the TanStack Query hooks that fetch or
 *   change something are imported there and nowhere else in features/ (docs/decisions/057);
 * - src/client/components and src/client/lib never import a feature, the shell or a route:
 *   features build on them, not the other way round;
 * - no import cycles anywhere.
 */

const clientMayOnlyImportServerTypes = {
  group: ['**/server/**'],
  allowTypeImports: true,
  message: 'Client code may only `import type` from server/.',
};

const onlyToastImportsSonner = {
  name: 'sonner',
  allowTypeImports: true,
  message: 'Toast through components/ui/toast.ts: importing it is what mounts the toast outlet.',
};

/** `../<another feature>/<any file but index.ts>` from a file of a feature. */
const otherFeaturesOnlyThroughTheirFace = {
  regex: String.raw`^\.\./[^./][^/]*/(?!index\.ts$)`,
  message:
    'Import another feature through its public face, features/<name>/index.ts (export what it needs there), or not at all. A lazily loaded file may be import()ed directly.',
};

const serverStateOnlyInApi = {
  name: '@tanstack/react-query',
  importNames: ['useQuery', 'useQueries', 'useInfiniteQuery', 'useSuspenseQuery', 'useMutation'],
  message: 'A feature asks the server in its api/ folder (features/<name>/api/): put the hook there and import it.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
      // Deliberately wrong imports, linted by src/lint-boundaries.test.ts.
      'tests/lint-fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The service worker runs in its own global scope (self, clients, registration), not a page's.
  { files: ['src/client/public/sw.js'], languageOptions: { globals: globals.serviceworker } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // What import-x reads to follow imports: TypeScript files, resolved as Node resolves them
      // (every relative import names its file, extension included).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Dynamic import() counts too: a lazily loaded module that imports its loader is still a cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/client', './src/server'],
              message: 'src/shared runs on both sides: it imports nothing from client/ or server/.',
            },
            {
              target: './src/server',
              from: './src/client',
              message: 'The server never imports client code.',
            },
            {
              target: ['./src/client/components', './src/client/lib'],
              from: ['./src/client/features', './src/client/shell', './src/client/routes'],
              message:
                'components/ and lib/ are what features build on: they never import a feature, the shell or a route.',
            },
            {
              target: './src/server/lib',
              from: './src/server',
              except: ['./lib'],
              message:
                'src/server/lib holds small utilities the rest builds on: it imports nothing else of the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The client may use server types, never server code.
      'no-restricted-imports': [
        'error',
        { patterns: [clientMayOnlyImportServerTypes], paths: [onlyToastImportsSonner] },
      ],
    },
  },
  {
    // The two modules that wrap sonner.
    files: ['src/client/components/ui/toast.ts', 'src/client/components/ui/sonner.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [clientMayOnlyImportServerTypes] }] },
  },
  {
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [clientMayOnlyImportServerTypes, otherFeaturesOnlyThroughTheirFace],
          paths: [onlyToastImportsSonner, serverStateOnlyInApi],
        },
      ],
    },
  },
  {
    files: ['src/client/features/*/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [clientMayOnlyImportServerTypes, otherFeaturesOnlyThroughTheirFace],
          paths: [onlyToastImportsSonner],
        },
      ],
    },
  },
  prettier,
);

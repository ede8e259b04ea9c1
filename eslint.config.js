import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const clientMayOnlyImportServerTypes = {
  group: ['**/server/**'],
  allowTypeImports: true,
  message: 'Client code may only `import type` from server/.',
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
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
        {
          patterns: [clientMayOnlyImportServerTypes],
          paths: [
            {
              name: 'sonner',
              allowTypeImports: true,
              message: 'Toast through components/ui/toast.ts: importing it is what mounts the toast outlet.',
            },
          ],
        },
      ],
    },
  },
  {
    // The two modules that wrap sonner.
    files: ['src/client/components/ui/toast.ts', 'src/client/components/ui/sonner.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [clientMayOnlyImportServerTypes] }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/client/**', '**/server/**'] }],
    },
  },
  prettier,
);

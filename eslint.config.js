// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const frameworkAndIo = [
  'react',
  'react-dom',
  'react-*',
  '@mantine/*',
  '@tanstack/*',
  'fastify',
  '@fastify/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'pg',
  '@electric-sql/*',
  'better-auth',
  'better-auth/*',
  'node:*',
];

/** The app's own table replaces Mantine's, whose scroll container loads ScrollArea and Floating UI (decision 072). */
const ownTable = {
  name: '@mantine/core',
  importNames: ['Table', 'TableScrollContainer', 'TableTd', 'TableTh', 'TableTr', 'TableThead', 'TableTbody'],
  message: "Use the app's Table from #client/components/table.tsx (decision 072).",
};

/** Import boundaries (DESIGN §2): client -> shared <- server; features do not import each other. */
const boundaries = {
  shared: {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(#server|#client|#tests)/|/(server|client)/',
              message: 'src/shared imports neither server nor client code.',
            },
            { group: frameworkAndIo, message: 'src/shared is pure TypeScript: no framework, no I/O.' },
          ],
        },
      ],
    },
  },
  client: {
    files: ['src/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ownTable],
          patterns: [
            {
              regex: '^#server/|/server/|^(drizzle-orm|fastify|pg|node:)',
              message: 'The client never imports server code.',
            },
          ],
        },
      ],
    },
  },
  features: {
    files: ['src/client/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ownTable],
          patterns: [
            {
              regex: '^#server/|/server/|^(drizzle-orm|fastify|pg|node:)',
              message: 'The client never imports server code.',
            },
            {
              regex: '^#client/features/|^\\.\\./',
              message: 'Features do not import each other; compose them in src/client/app.',
            },
          ],
        },
      ],
    },
  },
  server: {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^#client/|/client/|^(react|react-dom|@mantine/)',
              message: 'The server never imports client code.',
            },
          ],
        },
      ],
      'no-console': 'error',
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'src/server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.cjs', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['src/client/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  boundaries.shared,
  boundaries.client,
  boundaries.features,
  boundaries.server,
);

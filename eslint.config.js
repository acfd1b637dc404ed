// One lint configuration for the whole repository. The `no-restricted-imports`
// blocks keep the architecture's one-way dependencies honest:
// contract <- apps <- e2e, and the emulators stand apart from our own code.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

const forbid = (patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: patterns.map((group) => ({
        group: [group],
        message: `Architecture boundary: do not import ${group} here.`,
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'smart'],
      'no-console': 'error',
    },
  },
  {
    files: [
      'scripts/**',
      'bench/**',
      '**/*.config.{js,ts,mjs}',
      'e2e/**',
      'tools/**/src/main.ts',
      'apps/server/src/cli/**',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['packages/contract/**'],
    rules: forbid(['@wifi7/*', 'node:*', 'react', 'fastify', '**/apps/**', '**/tools/**']),
  },
  {
    files: ['apps/server/**'],
    rules: forbid([
      '@wifi7/web',
      '@wifi7/web/*',
      '@wifi7/emulators',
      '@wifi7/emulators/*',
      '**/apps/web/**',
      '**/tools/**',
    ]),
  },
  {
    files: ['apps/server/test/**'],
    rules: forbid(['@wifi7/web', '@wifi7/web/*', '**/apps/web/**']),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      ...forbid([
        '@wifi7/server',
        '@wifi7/server/*',
        '@wifi7/emulators',
        '@wifi7/emulators/*',
        'node:*',
        '**/apps/server/**',
        '**/tools/**',
      ]),
    },
  },
  {
    files: ['tools/emulators/**'],
    rules: forbid(['@wifi7/*', '**/apps/**', '**/packages/**']),
  },
);

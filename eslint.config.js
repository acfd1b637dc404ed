// One lint configuration for the whole repository. The `no-restricted-imports`
// blocks keep the architecture's one-way dependencies honest:
// contract <- apps <- e2e, and the emulators stand apart from our own code.
// Inside the server each layer has its fence (docs/ARCHITECTURE.md, "May
// import"): only the rail port and the composition root (app.ts) cross
// between modules/ and integrations/.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

const forbid = (groups, fences = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...groups.map((group) => ({
          group: [group],
          message: `Architecture boundary: do not import ${group} here.`,
        })),
        ...fences.map(({ regex, message }) => ({ regex, message: `Layer fence: ${message}` })),
      ],
    },
  ],
});

// A server folder by its relative import path, e.g. `../../integrations/paypal/wire`.
const serverFolder = (names) => `^(\\.\\.?/)+(${names.join('|')})/`;
const serverRoot = '^(\\.\\.?/)+(app|server)$';
const notOutsideServer = [
  '@wifi7/web',
  '@wifi7/web/*',
  '@wifi7/emulators',
  '@wifi7/emulators/*',
  '**/apps/web/**',
  '**/tools/**',
];
const serverLayers = [
  {
    files: ['apps/server/src/lib/**'],
    fences: [
      {
        regex: serverFolder(['config', 'db', 'modules', 'integrations', 'plugins', 'cli']),
        message: 'lib/ is plumbing that knows no other layer.',
      },
    ],
  },
  {
    files: ['apps/server/src/db/**'],
    fences: [
      {
        regex: serverFolder(['config', 'modules', 'integrations', 'plugins', 'cli']),
        message: 'db/ takes its settings as arguments and knows no feature.',
      },
    ],
  },
  {
    files: ['apps/server/src/config/**'],
    fences: [
      {
        regex: serverFolder(['modules', 'plugins', 'cli']),
        message: 'config/ reads the environment and knows no feature.',
      },
      {
        regex: '^(\\.\\.?/)+integrations/(?!\\w+/wire$)',
        message: "config/ may read a provider's base-URL table (wire.ts) only.",
      },
    ],
  },
  {
    files: ['apps/server/src/integrations/**'],
    fences: [
      {
        regex: '^(\\.\\.?/)+modules/(?!orders/rail-port$)',
        message: 'an adapter knows the orders module only through its rail port.',
      },
      {
        regex: serverFolder(['db', 'config', 'plugins', 'cli']),
        message: 'an adapter gets its settings from app.ts and stores nothing itself.',
      },
    ],
  },
  {
    files: ['apps/server/src/modules/**', 'apps/server/src/plugins/**'],
    fences: [
      {
        regex: serverFolder(['integrations', 'cli']),
        message: 'features reach providers only through the rail port, wired in app.ts.',
      },
    ],
  },
  {
    files: ['apps/server/src/modules/orders/rail-port.ts'],
    fences: [
      {
        regex: '^\\.',
        message: 'the rail port is plain types of ours and imports nothing of the server.',
      },
    ],
  },
].map(({ files, fences }) => ({
  files,
  rules: forbid(notOutsideServer, [
    ...fences,
    { regex: serverRoot, message: 'only the process entry imports the composition root.' },
  ]),
}));

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
    rules: forbid(notOutsideServer),
  },
  ...serverLayers,
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

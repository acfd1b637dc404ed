// One lint configuration for the whole repository. The `no-restricted-imports`
// blocks keep the architecture's one-way dependencies honest:
// contract <- apps <- e2e, and the emulators stand apart from our own code.
// Inside the server each folder imports only the folders below it, and no
// module takes part in an import cycle: only the rail port and the
// composition root (app.ts) cross between the features and integrations/.
// Inside the web app, each feature is fenced: other code reaches it through
// its index only.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
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
        ...fences,
      ],
    },
  ],
});

// The browser and the contract speak one zod dialect, zod/mini (decision 0006).
const oneZodDialect = {
  regex: '^zod(/v[34])?$',
  message: "One zod dialect in the browser and the contract: import from 'zod/mini'.",
};

// A server folder by its relative import path, e.g. `../../integrations/paypal/wire`.
const serverFolder = (names) => `^(\\.\\.?/)+(${names.join('|')})/`;
const serverRoot = '^(\\.\\.?/)+(app|server|job-runner)$';
const notOutsideServer = [
  '@wifi7/web',
  '@wifi7/web/*',
  '@wifi7/emulators',
  '@wifi7/emulators/*',
  '**/apps/web/**',
  '**/tools/**',
];
// The server's folders from the bottom up (docs/ARCHITECTURE.md, "The server's
// map"): each may import those on its left, never one on its right. Folders of
// one step do not import each other either (import-x/no-cycle holds the rest).
const serverSteps = [
  ['lib'],
  ['db'],
  ['config'],
  ['core'],
  ['catalog', 'content', 'interest'],
  ['inventory'],
  ['orders'],
  ['enrolment'],
  ['http'],
  ['cli'],
];
const above = (step) => serverSteps.slice(step + 1).flat();
const serverLayers = [
  ...serverSteps.slice(0, -1).flatMap((folders, step) =>
    folders.map((folder) => ({
      files: [`apps/server/src/${folder}/**`],
      fences: [
        {
          regex: serverFolder([...above(step), ...folders.filter((other) => other !== folder)]),
          message: `${folder}/ imports only the folders below it: ${serverSteps
            .slice(0, step)
            .flat()
            .join(', ')}.`,
        },
        ...(folder === 'config'
          ? [
              {
                regex: '^(\\.\\.?/)+integrations/(?!\\w+/wire$)',
                message: "config/ may read a provider's base-URL table (wire.ts) only.",
              },
            ]
          : [
              {
                regex: serverFolder(['integrations']),
                message: 'features reach providers only through the rail port, wired in app.ts.',
              },
            ]),
      ],
    })),
  ),
  {
    files: ['apps/server/src/integrations/**'],
    fences: [
      {
        regex: '^(\\.\\.?/)+orders/(?!rail-port$)',
        message: 'an adapter knows the orders module only through its rail port.',
      },
      {
        regex: serverFolder(above(0).filter((folder) => folder !== 'orders')),
        message: 'an adapter gets its settings from app.ts and stores nothing itself.',
      },
    ],
  },
  {
    files: ['apps/server/src/orders/rail-port.ts'],
    fences: [
      {
        regex: '^\\.',
        message: 'the rail port is plain types of ours and imports nothing of the server.',
      },
    ],
  },
].map(({ files, fences }) => ({
  files,
  rules: forbid(
    notOutsideServer,
    [
      ...fences,
      { regex: serverRoot, message: 'only the process entry imports the composition root.' },
    ].map(({ regex, message }) => ({ regex, message: `Layer fence: ${message}` })),
  ),
}));

const webBoundaries = [
  '@wifi7/server',
  '@wifi7/server/*',
  '@wifi7/emulators',
  '@wifi7/emulators/*',
  'node:*',
  '**/apps/server/**',
  '**/tools/**',
];

// The web app's features, one folder each. Other code reaches a feature
// through its index only; a feature's own files import each other freely.
const webFeatures = readdirSync(new URL('./apps/web/src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A relative path past the index of one of `names`, into its folders:
// `../../auth/stores/x`, `../features/cart/y`, `./features/pricing/z`.
const intoFeatures = (names) => {
  const any = names.join('|');
  return new RegExp(`^(\\.\\./)+(features/)?(${any})/|^\\./features/(${any})/`);
};

const featureFenceMessage =
  "Feature fence: import another feature through its index (e.g. '../../auth'), never its inner files.";

// The web app's boundaries (and `more`), plus a fence around the features in
// `names`, for static imports and for modules loaded on demand with import().
const webRules = (names, more = []) => {
  const fenced = intoFeatures(names);
  return {
    ...forbid(
      [...webBoundaries, ...more],
      [{ regex: fenced.source, message: featureFenceMessage }, oneZodDialect],
    ),
    'no-restricted-syntax': [
      'error',
      { selector: `ImportExpression[source.value=${fenced}]`, message: featureFenceMessage },
    ],
  };
};

// What a cold visit to the workshop or login page runs: the light public
// shell and everything it renders. It guards the router seam (decision
// 0007): these files never import react-router (the router app is fetched
// at the visitor's first move); they read the address and navigate through
// src/lib/router-seam. Per feature folder, so each block keeps that
// feature's own fence.
const publicShellFiles = {
  '': [
    'apps/web/src/{main,prerender}.tsx',
    'apps/web/src/app/{PublicShell,public-pages,AppFrame,router-hand-over}.tsx',
    'apps/web/src/app/layout/{SiteLayout,TopBar,SiteMenu,Footer,RouteError}.tsx',
    'apps/web/src/{lib,components,config,content}/**',
  ],
  auth: ['apps/web/src/features/auth/**'],
  cart: ['apps/web/src/features/cart/**'],
  pricing: ['apps/web/src/features/pricing/**'],
  waitlist: ['apps/web/src/features/waitlist/components/**'],
  workshop: ['apps/web/src/features/workshop/**'],
};
const withoutRouter = ['react-router', 'react-router/*'];

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
    rules: forbid(
      ['@wifi7/*', 'node:*', 'react', 'fastify', '**/apps/**', '**/tools/**'],
      [oneZodDialect],
    ),
  },
  {
    files: ['apps/server/**'],
    rules: forbid(notOutsideServer),
  },
  ...serverLayers,
  {
    // No import cycle among the server's modules, whatever the folders.
    files: ['apps/server/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/server/test/**'],
    rules: forbid(['@wifi7/web', '@wifi7/web/*', '**/apps/web/**']),
  },
  {
    // The fault matrix drives the emulators as the integration tests do, and reports
    // what the buyer saw in the spec's own words: the web app's checkout texts, and
    // nothing else of the web app.
    files: ['apps/server/faults/**'],
    rules: forbid(
      ['**/apps/web/**'],
      [
        {
          regex: '^@wifi7/web(?!/src/features/checkout/texts$)',
          message: 'The fault matrix may read the checkout texts of the web app only.',
        },
      ],
    ),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      ...webRules(webFeatures),
    },
  },
  ...webFeatures.map((name) => ({
    files: [`apps/web/src/features/${name}/**`],
    rules: webRules(webFeatures.filter((other) => other !== name)),
  })),
  ...Object.entries(publicShellFiles).map(([feature, files]) => ({
    files,
    ignores: ['**/*.test.{ts,tsx}'],
    rules: webRules(
      webFeatures.filter((other) => other !== feature),
      withoutRouter,
    ),
  })),
  {
    // The web app's build configuration runs in Node, not in the browser.
    files: ['apps/web/*.config.ts'],
    rules: forbid(webBoundaries.filter((group) => group !== 'node:*')),
  },
  {
    // Test helpers set up any feature's state directly, e.g. the signed-in user.
    files: ['apps/web/src/testing/**'],
    rules: { ...forbid(webBoundaries), 'no-restricted-syntax': 'off' },
  },
  {
    files: ['tools/emulators/**'],
    rules: forbid(['@wifi7/*', '**/apps/**', '**/packages/**']),
  },
);

import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/*
 * Which server module may import which (ARCHITECTURE.md). Anything not listed is forbidden, so a new
 * arrow between modules is a decision written here, not an accident. A service that uses another module's
 * service takes it in its constructor (compose.ts passes it), so that arrow is an import here too.
 */
const serverModuleImports = {
  auth: ['people'],
  dashboard: ['courses', 'progress'],
  // exams award badges through the progress service.
  exams: ['progress'],
  // explain refuses a student during an exam attempt (the exams service answers).
  explain: ['exams', 'runner'],
  // health and diagnostics report the runner's state; metrics its queues.
  health: ['runner'],
  homework: ['runner'],
  legacy: ['auth', 'batches', 'health', 'homework', 'people'],
  metrics: ['runner'],
  progress: ['courses', 'people'],
};

const server = './apps/server/src';
const web = './apps/web/src';

const serverZones = [
  {
    target: `${server}/modules`,
    from: [`${server}/app.ts`, `${server}/compose.ts`],
    message: 'Modules get AppDeps from platform/deps.ts and their services through their constructors, never from app.ts or compose.ts.',
  },
  { target: `${server}/platform`, from: `${server}/modules`, message: 'platform/ is below the modules: it never imports one.' },
  { target: `${server}/db`, from: `${server}/modules`, message: 'db/ (schema, migrations, seed) never imports a module.' },
  ...dirs(`${server}/modules`).map((m) => ({
    target: `${server}/modules/${m}`,
    from: `${server}/modules`,
    except: [`./${m}`, ...(serverModuleImports[m] ?? []).map((o) => `./${o}`)],
    message: `Module "${m}" may import only ${['itself', ...(serverModuleImports[m] ?? [])].join(', ')} (eslint.config.js serverModuleImports).`,
  })),
];

const webZones = [
  ...dirs(`${web}/features`).map((f) => ({
    target: `${web}/features/${f}`,
    from: `${web}/features`,
    except: [`./${f}`],
    message: 'A feature never imports another feature: shared UI goes to lib/, composition to app/.',
  })),
  { target: `${web}/features`, from: `${web}/app`, message: 'Features never import app/: what they share goes to lib/.' },
  { target: `${web}/lib`, from: [`${web}/features`, `${web}/app`], message: 'lib/ is below features and app.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/screenshots/**', 'e2e/playwright-report/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'tsconfig.json'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test's describe/it return promises the runner itself awaits.
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] }] },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Tests may compose app/ and features (they render whole pages); the code they test may not.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones }] },
  },
  {
    // The web bundle must never import the course content: solutions and tests stay on the server.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@learn/content', '@learn/content/*'],
              message: 'The web app must not bundle course content (solutions stay on the server).',
            },
          ],
        },
      ],
    },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import moneyRules from './apps/web/lint/no-amount-parsing.js';
import kitRules from './apps/web/lint/no-direct-mutate.js';

// Every path below is relative to this file's folder, wherever ESLint runs from (the lint test runs it elsewhere).
const root = fileURLToPath(new URL('.', import.meta.url));

// Features are islands: a feature imports shared code, never another feature; shared code imports no feature.
const featuresDir = 'apps/web/src/features';
const features = existsSync(join(root, featuresDir))
  ? readdirSync(join(root, featuresDir), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
// The one exception: a list's definition, `<list>.definition.ts` (its route and filter codec, no documents, no React:
// the rule below), which another area's screen imports to link into that list (`hrefOf`). The bundle test
// (apps/web/e2e/bundle.test.ts) checks that importing one brings no screen and no documents of its area along.
const LIST_DEFINITIONS = join(root, featuresDir, '*/**/*.definition.ts');
const featureZones = [
  ...features.map((name) => ({
    target: `./${featuresDir}/${name}`,
    from: join(root, featuresDir, '**'),
    except: [join(root, featuresDir, name, '**'), LIST_DEFINITIONS],
    message:
      'Una feature no importa otra feature (salvo la definición de una lista, *.definition.ts): mové el código compartido a components/ o lib/.',
  })),
  {
    target: `./${featuresDir}`,
    from: './apps/web/src/app',
    message:
      'Una feature no importa la app (rutas, menú, shell): la app le pasa lo que necesita (p. ej. app/screens.ts).',
  },
];
// Shared code imports no feature and not the app (its own tests may check it against a feature's real use), a list's
// definition aside (the detail section 'Actividad en el back-office' links into /actividad).
const sharedZones = ['components', 'lib'].flatMap((shared) => [
  {
    target: `./apps/web/src/${shared}`,
    from: join(root, featuresDir, '**'),
    except: [LIST_DEFINITIONS],
    message:
      'El código compartido no importa features (salvo la definición de una lista, *.definition.ts) ni la app.',
  },
  {
    target: `./apps/web/src/${shared}`,
    from: './apps/web/src/app',
    message: 'El código compartido no importa features ni la app.',
  },
]);

// A single record's address is built by `recordHref` from its route's pattern (apps/web/src/lib/record-href.ts), which
// encodes every parameter once; a template literal (or a concatenation) that spells a record route out by hand is
// refused in the web's source. The patterns are read from that module, so a new record route is guarded as soon as it
// is declared there. A template matches a pattern when its literal parts are the pattern's: `/pago/${id}`, or
// `/pago/${id}?accion=X`; a file address that merely starts alike (`/afip/${id}/archivo`) is left alone.
const RECORD_ROUTES_FILE = 'apps/web/src/lib/record-href.ts';
const recordPatterns = existsSync(join(root, RECORD_ROUTES_FILE))
  ? [...readFileSync(join(root, RECORD_ROUTES_FILE), 'utf8').matchAll(/^\s+\w+: '(\/[^']*:[^']*)',$/gm)].map(
      (match) => match[1],
    )
  : [];
/** An esquery string literal. */
const quoted = (text) => JSON.stringify(text);
/** The last literal part of a template on a pattern that ends with `tail`: the tail, then maybe a query or a hash. */
const tailSelector = (path, tail) => {
  // esquery's regular expressions cannot hold a slash: `.` stands for one.
  const tailRegex = tail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('/', '.');
  return `:matches([${path}=${quoted(tail)}], [${path}=/^${tailRegex}[?#]/])`;
};
const handWrittenRecordSelectors = recordPatterns.flatMap((pattern) => {
  // '/retiros/lotes/:collectorId/:batchId' → ['/retiros/lotes/', '/', '']: the literal parts around the parameters.
  const parts = pattern.split(/:\w+/);
  const literal = parts
    .slice(0, -1)
    .map((part, i) => `[quasis.${i}.value.raw=${quoted(part)}]`)
    .join('');
  const last = `quasis.${parts.length - 1}.value.raw`;
  return [
    `TemplateLiteral[quasis.length=${parts.length}]${literal}${tailSelector(last, parts.at(-1))}`,
    `BinaryExpression[operator="+"][left.type="Literal"][left.value=${quoted(parts[0])}]`,
  ];
});
const handWrittenRecordRule = [
  'error',
  ...[...new Set(handWrittenRecordSelectors)].map((selector) => ({
    selector,
    message:
      "A record's address is built from its route: recordHref('payment', { id }) (apps/web/src/lib/record-href.ts) encodes the parameters and stays in step with app/routes.ts. Do not write the path by hand.",
  })),
];

// Gateway modules are islands too: apps/gateway/src/modules/X never imports modules/Y (shared code lives in
// src/shared and src/upstream; src/modules.ts is the one list that imports them all).
const gatewayModulesDir = 'apps/gateway/src/modules';
const gatewayModuleZones = existsSync(join(root, gatewayModulesDir))
  ? readdirSync(join(root, gatewayModulesDir), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => ({
        target: `./${gatewayModulesDir}/${d.name}`,
        from: `./${gatewayModulesDir}`,
        except: [`./${d.name}`],
        message:
          'Un módulo del gateway no importa otro módulo: mové lo compartido a src/shared o src/upstream.',
      }))
  : [];

// How import-x finds the file of an import: TypeScript sources imported as '.js' (NodeNext), extensionless imports
// of the web (Vite), and the web's '@/' alias. An import it cannot resolve is skipped by the rules below.
const importResolver = createNodeResolver({
  extensions: ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '.json'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
  alias: { '@': [join(root, 'apps/web/src')] },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/.turbo/**',
      'apps/web/src/**/gql/**',
      'apps/gateway/src/generated/**',
      '**/screenshots/**',
      'bench/results/**',
      // Lint fixtures (a deliberate import cycle): linted on purpose by packages/infra-checks/src/lint-rules.test.ts.
      'packages/infra-checks/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importResolver],
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
    },
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        window: 'readonly',
        document: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        AbortSignal: 'readonly',
      },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...featureZones, ...sharedZones, ...gatewayModuleZones] },
      ],
      // No import cycle anywhere (type-only imports aside: they vanish at run time). Packages are not followed.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mui/x-data-grid', '@mui/x-data-grid/*'],
              message: 'Solo components/data-table importa la grilla.',
            },
          ],
        },
      ],
    },
  },
  {
    // A list's definition is what other areas import (above): its route and codec only, never a screen's weight.
    files: ['apps/web/src/features/**/*.definition.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/gql/graphql', '**/gql/graphql.ts'],
              allowTypeImports: true,
              message: 'La definición de una lista no importa documentos GraphQL (solo sus tipos).',
            },
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', '@mui/*', '@apollo/*', '**/screens/**'],
              allowTypeImports: true,
              message:
                'La definición de una lista no importa React, MUI, Apollo ni pantallas: solo su ruta y su códec.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/{components,lib}/**/__tests__/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: featureZones }] },
  },
  {
    files: ['apps/web/src/components/data-table/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // No function over 150 lines in the gateway, the identity emulator and the web: a long body becomes named parts
    // (a route table, handlers, plugins, hooks, sub-components). Tests aside.
    files: [
      'apps/gateway/src/**/*.ts',
      'apps/keycloak-emulator/src/**/*.ts',
      'apps/web/src/**/*.ts',
      'apps/web/src/**/*.tsx',
    ],
    ignores: ['**/__tests__/**', '**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
  {
    // No record address written by hand (above); tests spell addresses out on purpose, to check what is built.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/__tests__/**', 'apps/web/src/**/*.test.*'],
    rules: { 'no-restricted-syntax': handWrittenRecordRule },
  },
  {
    // A feature folder sends no mutation itself: its writes are declared in its action tables (row, detail, bulk) and
    // run by the kit, which shows their answer and owns the idempotency key. Tests aside (they drive the kit).
    files: ['apps/web/src/features/**/*.ts', 'apps/web/src/features/**/*.tsx'],
    ignores: ['apps/web/src/**/__tests__/**', 'apps/web/src/**/*.test.*'],
    plugins: { kit: kitRules },
    rules: { 'kit/no-direct-mutate': 'error' },
  },
  {
    // One amount parser in the web: the validators' readAmount / parseAmount, through the AmountField.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/__tests__/**', 'apps/web/src/**/*.test.*'],
    plugins: { money: moneyRules },
    rules: { 'money/no-amount-parsing': 'error' },
  },
);

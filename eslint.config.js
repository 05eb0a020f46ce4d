import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';

// Features are islands: a feature imports shared code, never another feature; shared code imports no feature.
const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const featureZones = [
  ...features.map((name) => ({
    target: `./${featuresDir}/${name}`,
    from: `./${featuresDir}`,
    except: [`./${name}`],
    message: 'Una feature no importa otra feature: mové el código compartido a components/ o lib/.',
  })),
  ...['components', 'lib'].map((shared) => ({
    target: `./apps/web/src/${shared}`,
    from: [`./${featuresDir}`, './apps/web/src/app'],
    message: 'El código compartido no importa features ni la app.',
  })),
];

// Gateway modules are islands too: apps/gateway/src/modules/X never imports modules/Y (shared code lives in
// src/shared and src/upstream; src/modules.ts is the one list that imports them all).
const gatewayModulesDir = 'apps/gateway/src/modules';
const gatewayModuleZones = existsSync(gatewayModulesDir)
  ? readdirSync(gatewayModulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => ({
        target: `./${gatewayModulesDir}/${d.name}`,
        from: `./${gatewayModulesDir}`,
        except: [`./${d.name}`],
        message:
          'Un módulo del gateway no importa otro módulo: mové lo compartido a src/shared o src/upstream.',
      }))
  : [];

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
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // The zones and the cycle rule need real paths: TypeScript's sources behind NodeNext's `.js` specifiers,
      // and the web's `@/` alias (apps/web/tsconfig.json `paths`).
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
          conditionNames: ['types', 'import', 'require', 'default'],
          alias: { '@': [path.resolve('apps/web/src')] },
        }),
      ],
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
      },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...gatewayModuleZones] }],
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
    files: ['apps/web/src/components/data-table/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);

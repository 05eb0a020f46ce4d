import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './manifests.js';

/**
 * The repository's lint config (eslint.config.js) holds the import structure: no import cycle anywhere, and a web
 * feature never imports the app. The fixtures are ignored by `npm run lint` and linted here on purpose.
 */
const eslint = new ESLint({ cwd: ROOT, ignore: false });
/**
 * The same config without the cycle rule, for the probes of the folder boundaries: the cycle rule follows every
 * import of the probe (the app's routes reach every screen), which takes minutes on a loaded 2-core machine and
 * proves nothing about the boundary rule.
 */
const boundaries = new ESLint({
  cwd: ROOT,
  ignore: false,
  overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
});
const FIXTURES = join(ROOT, 'packages/infra-checks/fixtures/import-cycle');

async function rulesFired(file: string, text?: string, linter = eslint): Promise<(string | null)[]> {
  const [result] =
    text === undefined ? await linter.lintFiles([file]) : await linter.lintText(text, { filePath: file });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe('lint: import structure', () => {
  it('refuses an import cycle (two files that import each other), on both sides', async () => {
    expect(await rulesFired(join(FIXTURES, 'a.ts'))).toContain('import-x/no-cycle');
    expect(await rulesFired(join(FIXTURES, 'b.ts'))).toContain('import-x/no-cycle');
  });

  it('accepts a file that imports into the cycle but is not part of it', async () => {
    expect(await rulesFired(join(FIXTURES, 'leaf.ts'))).not.toContain('import-x/no-cycle');
  });

  it('refuses a web feature that imports the app', async () => {
    const file = join(ROOT, 'apps/web/src/features/withdrawals/lint-probe.ts');
    const text = "import { APP_ROUTES } from '../../app/routes';\nexport const routes = APP_ROUTES;\n";
    expect(await rulesFired(file, text, boundaries)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ['a web feature', 'apps/web/src/features/payers/lint-probe.ts', '../transfers/transfers-list'],
    [
      'shared web code',
      'apps/web/src/components/detail/lint-probe.ts',
      '../../features/activity/activity-list',
    ],
  ])(
    "refuses %s that imports a feature's code, and accepts its list definition",
    async (_who, probe, list) => {
      const file = join(ROOT, probe);
      const rule = 'import-x/no-restricted-paths';
      expect(
        await rulesFired(file, `import * as list from '${list}';\nexport const a = list;\n`, boundaries),
      ).toContain(rule);
      const definition = `import * as list from '${list}.definition';\nexport const a = list;\n`;
      expect(await rulesFired(file, definition, boundaries)).not.toContain(rule);
    },
  );

  it('refuses a list definition that imports GraphQL documents or React (its types are fine)', async () => {
    const file = join(ROOT, 'apps/web/src/features/payments/lint-probe.definition.ts');
    const rule = '@typescript-eslint/no-restricted-imports';
    const documents =
      "import { PaymentsSearchDocument } from './gql/graphql';\nexport const d = PaymentsSearchDocument;\n";
    expect(await rulesFired(file, documents, boundaries)).toContain(rule);
    const react = "import { useState } from 'react';\nexport const s = useState;\n";
    expect(await rulesFired(file, react, boundaries)).toContain(rule);
    const types = "import type { PaymentStatus } from './gql/graphql';\nexport type S = PaymentStatus;\n";
    expect(await rulesFired(file, types, boundaries)).not.toContain(rule);
  });

  it('refuses a gateway module that imports another module', async () => {
    const file = join(ROOT, 'apps/gateway/src/modules/bins/lint-probe.ts');
    const text =
      "import { batchesModule } from '../batches/index.js';\nexport const other = batchesModule;\n";
    expect(await rulesFired(file, text, boundaries)).toContain('import-x/no-restricted-paths');
  });
});

describe('lint: one amount parser in the web', () => {
  const file = join(ROOT, 'apps/web/src/features/transfers/lint-probe.ts');
  const fired = async (text: string) =>
    (await rulesFired(file, text, boundaries)).includes('money/no-amount-parsing');

  it.each([
    ['parseFloat', 'export const a = (text: string) => parseFloat(text);\n'],
    ['Number.parseFloat', 'export const a = (text: string) => Number.parseFloat(text);\n'],
    ['Number( on an amount', 'export const a = (values: { amount: string }) => Number(values.amount);\n'],
    ['Number( on an importe', "export const a = (importe: string) => Number(importe.replace(',', '.'));\n"],
    ['parseInt on a monto', 'export const a = (monto: string) => parseInt(monto, 10);\n'],
    ['unary + on an amount', 'export const a = (amount: string) => +amount;\n'],
    ['a decimal separator class', 'export const a = (t: string) => t.split(/[.,]/);\n'],
    ['cents after a comma', 'export const a = (t: string) => /^\\d+,\\d{1,2}$/.test(t);\n'],
    ['a thousands group', 'export const a = (t: string) => /^\\d{1,3}(\\.\\d{3})+$/.test(t);\n'],
  ])('refuses %s in apps/web/src', async (_name, text) => {
    expect(await fired(text)).toBe(true);
  });

  it.each([
    [
      'the validators’ parser',
      "import { readAmount } from '@backoffice/validators';\nexport const a = readAmount;\n",
    ],
    ['Number( on a count', 'export const a = (page: string) => Number(page);\n'],
    ['a date regex', 'export const a = (t: string) => /^(\\d{1,2})\\/(\\d{1,2})\\/(\\d{4})$/.test(t);\n'],
    ['an HTTP status regex', 'export const a = (t: string) => /^http_(\\d{3})$/.test(t);\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await fired(text)).toBe(false);
  });

  it('leaves tests alone (they may compare amounts any way)', async () => {
    const test = join(ROOT, 'apps/web/src/features/transfers/__tests__/lint-probe.test.ts');
    const [result] = await boundaries.lintText('export const a = (t: string) => parseFloat(t);\n', {
      filePath: test,
    });
    expect(result?.messages.map((m) => m.ruleId)).not.toContain('money/no-amount-parsing');
  });
});

describe('lint: a web feature sends no mutation itself (the actions kit does)', () => {
  const fired = async (path: string, text: string) =>
    (await rulesFired(join(ROOT, path), text, boundaries)).includes('kit/no-direct-mutate');
  const feature = 'apps/web/src/features/payments/lint-probe.ts';

  it.each([
    [
      "the kit's mutate",
      "import { useMutate } from '@/lib/use-mutate';\nexport const useA = () => { const mutate = useMutate(); return (d: never) => mutate(d, {}); };\n",
    ],
    ['the client', 'export const a = (client: { mutate(o: object): void }) => client.mutate({});\n'],
  ])('refuses %s in a feature folder', async (_name, text) => {
    expect(await fired(feature, text)).toBe(true);
  });

  it('accepts a declared action and shared code that runs it', async () => {
    const declared = 'export const a = { bulk: { results: (data: { mutated: number }) => data.mutated } };\n';
    expect(await fired(feature, declared)).toBe(false);
    const kit = 'export const run = (mutate: (d: object) => void) => mutate({});\n';
    expect(await fired('apps/web/src/components/actions/lint-probe.ts', kit)).toBe(false);
  });

  it("leaves a feature's tests alone", async () => {
    const text = 'export const a = (mutate: (d: object) => void) => mutate({});\n';
    expect(await fired('apps/web/src/features/payments/__tests__/lint-probe.test.ts', text)).toBe(false);
  });
});

describe('lint: no function over 150 lines in the gateway, the emulator and the web', () => {
  /** A function of `lines` lines in all, its braces included. */
  const longFunction = (lines: number) =>
    `export function long(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(lines - 4)}  return n;\n}\n`;
  const rulesOf = async (path: string, text: string) => {
    const [result] = await boundaries.lintText(text, { filePath: join(ROOT, path) });
    return result?.messages.map((m) => m.ruleId) ?? [];
  };

  it.each([
    'apps/gateway/src/http/lint-probe.ts',
    'apps/keycloak-emulator/src/lint-probe.ts',
    'apps/web/src/lib/lint-probe.ts',
    'apps/web/src/components/lint-probe.tsx',
  ])('refuses 151 lines and accepts 150 in %s', async (path) => {
    expect(await rulesOf(path, longFunction(151))).toContain('max-lines-per-function');
    expect(await rulesOf(path, longFunction(150))).not.toContain('max-lines-per-function');
  });

  it.each(['apps/gateway/src/__tests__/lint-probe.test.ts', 'apps/web/src/lib/__tests__/lint-probe.test.ts'])(
    'leaves their tests alone: %s',
    async (path) => {
      expect(await rulesOf(path, longFunction(151))).not.toContain('max-lines-per-function');
    },
  );
});

describe('lint: a record address is built from its route (recordHref), never written by hand', () => {
  const fired = async (path: string, text: string) =>
    (await rulesFired(join(ROOT, path), text, boundaries)).includes('no-restricted-syntax');
  const screen = 'apps/web/src/features/transfers/lint-probe.tsx';

  it.each([
    ['a detail link', 'export const a = (id: string) => `/pago/${encodeURIComponent(id)}`;\n'],
    ['a detail link with a query', 'export const a = (id: string) => `/suscripcion/${id}?accion=CANCEL`;\n'],
    ['a concatenation', "export const a = (id: string) => '/pagadores/' + id;\n"],
    ['two parameters', 'export const a = (c: string, id: string) => `/retiros/lotes/${c}/${id}`;\n'],
    [
      'a parameter inside the path',
      'export const a = (id: string) => `/pagadores/referencias/${id}/editar`;\n',
    ],
  ])('refuses %s in apps/web/src', async (_name, text) => {
    expect(await fired(screen, text)).toBe(true);
  });

  it.each([
    [
      'the builder',
      "import { recordHref } from '@/lib/record-href';\nexport const a = (id: string) => recordHref('payment', { id });\n",
    ],
    ['a file address that starts like a route', 'export const a = (id: string) => `/afip/${id}/archivo`;\n'],
    ['a list address', 'export const a = (q: string) => `/pagos?q=${q}`;\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await fired(screen, text)).toBe(false);
  });

  it('leaves tests alone (they spell out the addresses they expect)', async () => {
    const text = 'export const a = (id: string) => `/pago/${id}`;\n';
    expect(await fired('apps/web/src/features/transfers/__tests__/lint-probe.test.ts', text)).toBe(false);
  });
});

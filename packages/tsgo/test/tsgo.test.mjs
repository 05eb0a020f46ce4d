// The `tsgo` command is TypeScript 7 and fails a type error as `tsc` does: exit code 1 and the error's location.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';

const tsgo = fileURLToPath(new URL('../bin/tsgo.mjs', import.meta.url));
/** Runs a compiler's entry script (`tsgo` unless another is given) with `args` in `cwd`. */
const run = (args, cwd, compiler = tsgo) =>
  new Promise((resolve) =>
    execFile(process.execPath, [compiler, ...args], { cwd }, (error, stdout) =>
      resolve({ code: error ? error.code : 0, stdout }),
    ),
  );

test('is TypeScript 7', async () => {
  const { code, stdout } = await run(['--version']);
  assert.equal(code, 0);
  assert.match(stdout, /^Version 7\./);
});

test('passes a well-typed project and fails a type error with its place', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'tsgo-'));
  try {
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['*.ts'] }),
    );
    writeFileSync(join(folder, 'ok.ts'), 'export const total: number = 1 + 2;\n');
    assert.equal((await run(['-p', 'tsconfig.json'], folder)).code, 0);
    writeFileSync(join(folder, 'bad.ts'), "export const total: number = 'tres';\n");
    const { code, stdout } = await run(['-p', 'tsconfig.json'], folder);
    assert.notEqual(code, 0);
    assert.match(stdout, /bad\.ts\(1,14\): error TS2322/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

// The builds compile with `tsgo` too (docs/decisions.md, "The builds compile with TypeScript 7"): what they write is
// what runs, so TypeScript 7 must write what 5.9 wrote, byte for byte, for the constructs the workspaces use.
test("emits the JavaScript and declarations TypeScript 5.9's tsc emits", async () => {
  const folder = mkdtempSync(join(tmpdir(), 'tsgo-emit-'));
  try {
    const base = fileURLToPath(new URL('../../../tsconfig.base.json', import.meta.url));
    const options = { declaration: true, sourceMap: false, noEmit: false, rootDir: 'src', types: [] };
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({ extends: base, compilerOptions: options, include: ['src'] }),
    );
    mkdirSync(join(folder, 'src'));
    writeFileSync(
      join(folder, 'src', 'money.ts'),
      [
        "import type { Rounding } from './rounding.js';",
        "export * from './rounding.js';",
        '/** Cents, never a float. */',
        'export class Money {',
        '  static readonly zero = new Money(0n);',
        '  #cents: bigint;',
        '  constructor(private readonly raw: bigint, readonly currency = "ARS") {',
        '    this.#cents = raw;',
        '  }',
        '  plus(other?: Money | null): Money {',
        '    return new Money(this.#cents + (other ? other.#cents : 0n), other?.currency ?? this.currency);',
        '  }',
        '  round(mode: Rounding = "half-even"): string {',
        '    return `${mode}:${this.raw}`;',
        '  }',
        '}',
        'export const LIMITS = { maxItems: 500, labels: ["a", "b"] } as const satisfies Record<string, unknown>;',
        'export async function* pages(size: number): AsyncGenerator<number[], void, undefined> {',
        '  for (let i = 0; i < 3; i++) yield Array.from({ length: size }, (_, k) => k + i * size);',
        '}',
        'export abstract class Base<T> { protected abstract read(): T; }',
        'export class Reader extends Base<number> { protected override read(): number { return 1; } }',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(folder, 'src', 'rounding.ts'),
      "export type Rounding = 'half-even' | 'down';\nexport const ROUNDINGS: readonly Rounding[] = ['half-even', 'down'];\n",
    );
    const typescript59 = createRequire(new URL('../../../package.json', import.meta.url)).resolve(
      'typescript/bin/tsc',
    );
    const tsc59 = await run(['-p', 'tsconfig.json', '--outDir', 'out-5'], folder, typescript59);
    assert.equal(tsc59.code, 0, tsc59.stdout);
    const tsc7 = await run(['-p', 'tsconfig.json', '--outDir', 'out-7'], folder);
    assert.equal(tsc7.code, 0, tsc7.stdout);
    const files = (dir) => readdirSync(join(folder, dir)).sort();
    assert.deepEqual(files('out-7'), ['money.d.ts', 'money.js', 'rounding.d.ts', 'rounding.js']);
    assert.deepEqual(files('out-7'), files('out-5'));
    for (const file of files('out-5')) {
      assert.equal(
        readFileSync(join(folder, 'out-7', file), 'utf8'),
        readFileSync(join(folder, 'out-5', file), 'utf8'),
        file,
      );
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

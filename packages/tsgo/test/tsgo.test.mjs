// The `tsgo` command is TypeScript 7 and fails a type error as `tsc` does: exit code 1 and the error's location.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';

const tsgo = fileURLToPath(new URL('../bin/tsgo.mjs', import.meta.url));
const run = (args, cwd) =>
  new Promise((resolve) =>
    execFile(process.execPath, [tsgo, ...args], { cwd }, (error, stdout) =>
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

#!/usr/bin/env node
// `tsgo ARGS`: TypeScript 7's `tsc` (the native compiler, this package's own `typescript` dependency) with ARGS, on
// one thread. Why TypeScript 7: the same checks at a third to a fifth of TypeScript 5.9's CPU (the web app 18.7 →
// 5.5 CPU s, the gateway 10.1 → 2.2). Why one thread: `npm test` runs two turbo tasks at once on a 2-core machine,
// where TypeScript 7's own threads only add their overhead (the web app 8.5 CPU s with them, 5.5 without).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const typescript = dirname(createRequire(import.meta.url).resolve('typescript/package.json'));
const child = spawn(
  process.execPath,
  [join(typescript, 'bin', 'tsc'), '--singleThreaded', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
child.once('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});

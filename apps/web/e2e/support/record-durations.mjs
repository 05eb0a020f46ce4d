#!/usr/bin/env node
// Rewrites e2e/durations.json (the browser files' order, e2e/support/longest-first.ts) from vitest's cache of the
// last run in this workspace: run every browser file first (`npm run test:e2e`), then this.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const cacheRoot = new URL('../../node_modules/.vite/vitest/', import.meta.url);
const target = new URL('../durations.json', import.meta.url);
const seconds = {};
for (const folder of readdirSync(cacheRoot)) {
  const { results } = JSON.parse(readFileSync(new URL(`${folder}/results.json`, cacheRoot), 'utf8'));
  for (const [key, { duration }] of results) {
    const match = /^e2e:e2e\/(.+\.test\.ts)$/.exec(key);
    if (match && duration > 0) seconds[match[1]] = Math.round(duration / 1000);
  }
}
if (Object.keys(seconds).length === 0) {
  console.error('Sin duraciones de pruebas de navegador en la caché de vitest: corra primero npm run test:e2e.');
  process.exit(1);
}
const ordered = Object.fromEntries(Object.entries(seconds).sort(([, a], [, b]) => b - a));
writeFileSync(target, `${JSON.stringify(ordered, null, 2)}\n`);
console.log(`e2e/durations.json: ${Object.keys(ordered).length} archivos`);

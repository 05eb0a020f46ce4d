import { startStubs } from './index.js';

const numberFromEnv = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
};

const port = numberFromEnv('PORT', 4010);
const host = process.env.HOST ?? '127.0.0.1';
const latencyMs = numberFromEnv('STUB_LATENCY_MS', 0);
const seed = process.env.STUB_SEED ? numberFromEnv('STUB_SEED', 0) : undefined;

const stubs = await startStubs({ port, host, latencyMs, seed });
const services = Object.entries(stubs.services)
  .map(([name, url]) => `${name} ${url}`)
  .join(', ');
console.log(`Stubs listening on ${stubs.url} (admin ${stubs.url}/__admin) — ${services}`);

const stop = (): void => {
  void stubs.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

import { startStubs } from './index.js';

const port = Number(process.env.PORT ?? 4010);
const host = process.env.HOST ?? '127.0.0.1';
const latencyMs = Number(process.env.STUB_LATENCY_MS ?? 0);
const seed = process.env.STUB_SEED ? Number(process.env.STUB_SEED) : undefined;

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

// Child process of the benchmark: the REST stubs with injected latency (env BENCH_LATENCY_MS), on the load
// generator's CPU. Prints `BENCH_READY {"url": ...}` when listening; stops when its stdin ends.
import process from 'node:process';
import { startStubs } from '@backoffice/stubs';

const stubs = await startStubs({ port: 0, latencyMs: Number(process.env.BENCH_LATENCY_MS ?? 20) });
process.stdout.write(`BENCH_READY ${JSON.stringify({ url: stubs.url })}\n`);

const stop = async () => {
  await stubs.close().catch(() => {});
  process.exit(0);
};
// The parent stops us by closing our stdin (also when it dies). No SIGTERM handler of our own: Apollo Server
// installs one that stops and re-raises the signal, and a second handler would wait on that stop forever.
process.stdin.on('end', stop);
process.stdin.resume();

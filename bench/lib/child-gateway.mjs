// Child process of the benchmark: the gateway alone, so it can be pinned to one CPU (taskset) and its CPU
// time read from /proc/<pid>/stat. Configuration comes from the environment (loadConfig), as in production.
// Prints one line `BENCH_READY {"url": ...}` when listening (and its store, if any, is open); stops when its stdin
// ends.
import process from 'node:process';
import { pathToFileURL } from 'node:url';

// BENCH_GATEWAY_DIST: another build's apps/gateway/dist (absolute), to measure two builds alternately in one sitting.
const { startGateway } = await import(
  process.env.BENCH_GATEWAY_DIST
    ? pathToFileURL(`${process.env.BENCH_GATEWAY_DIST}/index.js`).href
    : '@backoffice/gateway'
);

// BENCH_GATEWAY_FETCH=http: an experiment that swaps undici's fetch for node:http (see http-fetch.mjs).
const options = {};
if (process.env.BENCH_GATEWAY_FETCH === 'http') options.fetch = (await import('./http-fetch.mjs')).httpFetch;
const gateway = await startGateway({ port: 0 }, options);
// The embedded PostgreSQL opens in the background over several seconds of this process's CPU (blocking its event
// loop up to a second at a time): measuring before it is open measured its start, and a request then waited long
// enough for the realm keys' fetch to time out (a 503).
await gateway.store?.ready();
process.stdout.write(`BENCH_READY ${JSON.stringify({ url: gateway.url, metricsUrl: gateway.metricsUrl })}\n`);

const stop = async () => {
  await gateway.close().catch(() => {});
  process.exit(0);
};
// The parent stops us by closing our stdin (also when it dies). No SIGTERM handler of our own: Apollo Server
// installs one that stops and re-raises the signal, and a second handler would wait on that stop forever.
process.stdin.on('end', stop);
process.stdin.resume();

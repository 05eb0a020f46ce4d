#!/usr/bin/env node
// `npm run stack:test`: the stack of integration tests (index.mjs) on free loopback ports, or the ones given with
//   --ports gateway=4000,stubs=4010,keycloak=8080   (any of them; the others are picked)
//   --pass-env DATABASE_URL,OTRA   (variables of this environment the gateway also gets; or TEST_STACK_PASS_ENV)
//   --upstream-timeout-ms 300      (the gateway's deadline for an upstream read or write; default 30000)
//   --token-ttl 60                 (the access tokens' lifetime in seconds; default the realm's 300)
//   --production-protections       (production's rate limit and brute-force lockout, not the test profile's)
// When all are ready it prints ONE line of JSON on stdout: {"gateway","graphql","stubs","keycloak","lockouts",
// "profile"}. Everything else (the servers' logs, messages) goes to stderr. Ctrl-C or SIGTERM stops everything,
// and so does the end of the process that started it, however it ended (watchParent).
import { parseArgs } from 'node:util';
import { watchParent } from './parent.mjs';
import { parsePorts } from './ports.mjs';
import { parseEnvNames, startTestStack } from './index.mjs';

const fail = (message) => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};

let args;
try {
  args = parseArgs({
    options: {
      ports: { type: 'string' },
      'log-level': { type: 'string' },
      'pass-env': { type: 'string' },
      'upstream-timeout-ms': { type: 'string' },
      'token-ttl': { type: 'string' },
      'production-protections': { type: 'boolean' },
    },
    allowPositionals: false,
  }).values;
} catch (error) {
  fail(
    `Opción no válida: ${error.message}\nUso: npm run stack:test -- [--ports gateway=4000,stubs=4010,keycloak=8080] [--log-level warn] [--pass-env DATABASE_URL] [--upstream-timeout-ms 300] [--token-ttl 60] [--production-protections]`,
  );
}
const ports = parsePorts(args.ports ?? '');
if (ports.error) fail(ports.error);
const passEnv = parseEnvNames(args['pass-env'] ?? process.env.TEST_STACK_PASS_ENV ?? '');
if (passEnv.error) fail(passEnv.error);
/** A whole number option within [min, max], or undefined when not given. */
const integer = (name, min, max) => {
  const text = args[name];
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    fail(`--${name} no válido: "${text}". Se espera un entero entre ${min} y ${max}.`);
  }
  return value;
};
const upstreamTimeoutMs = integer('upstream-timeout-ms', 1, 600_000);
const tokenTtlSeconds = integer('token-ttl', 1, 86_400);
const levels = ['debug', 'info', 'warn', 'error', 'silent'];
if (args['log-level'] !== undefined && !levels.includes(args['log-level'])) {
  fail(`--log-level no válido: "${args['log-level']}". Valores: ${levels.join(', ')}.`);
}

// stdout carries only the JSON line (a caller reads it): the servers' log lines go to stderr.
const stdoutWrite = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr);

let stack;
/** Set once the stack is up: what stops it (before that, exiting is enough: see the watch below). */
let stop;
// A parent killed with SIGKILL (npm under a test runner's hard timeout) sends no signal: without this watch the
// stack would stay, re-parented, holding its ports. Watched from the start, so a parent gone during the start
// does not leave a stack behind either.
watchParent((reason) => {
  // The reader of stderr may have gone with the parent: a broken pipe must not stop the stop.
  process.stderr.on('error', () => {});
  process.stderr.write(`Deteniendo: ${reason}.\n`);
  // Before the stack is up there is nothing to drain: exiting stops the servers of this process, and the gateway
  // stops when its IPC channel to this process closes.
  if (stop) void stop();
  else process.exit(1);
});
try {
  stack = await startTestStack({
    ports: ports.value,
    gatewayLogLevel: args['log-level'],
    passEnv: passEnv.value,
    upstreamTimeoutMs,
    tokenTtlSeconds,
    productionProtections: args['production-protections'] === true,
  });
} catch (error) {
  fail(`No se pudo iniciar el stack de pruebas: ${error.message}`);
}
const { close, ...urls } = stack;
stdoutWrite(`${JSON.stringify(urls)}\n`);
process.stderr.write(
  'Stack de pruebas listo (usuario de pruebas: cliente back-office-tests). Ctrl-C para detener.\n',
);

let stopping = false;
stop = async () => {
  if (stopping) return;
  stopping = true;
  process.stderr.write('Deteniendo…\n');
  // A server that does not stop in time does not keep the command alive.
  setTimeout(() => {
    process.stderr.write('Algún servidor no se detuvo a tiempo; se cierra igual.\n');
    process.exit(1);
  }, 15_000).unref();
  await close().catch((error) => process.stderr.write(`Error al detener: ${error.message}\n`));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

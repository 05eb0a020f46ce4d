// Another team's tests, with the test stack installed from its packed tarball (docs/testing-integration.md,
// "Outside this repository"): the function and the command, the way such a project has them.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startTestStack } from '@backoffice/test-stack';

/** A demo user's token from the test client (password = user name), as the guide's curl asks for it. */
async function token(keycloak, username) {
  const form = `grant_type=password&client_id=back-office-tests&username=${username}&password=${username}`;
  const response = await fetch(`${keycloak}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  assert.equal(response.status, 200);
  return (await response.json()).access_token;
}

/** One pending payment, asked with our own request id, and the stubs' record of the call it made. */
async function pendingPayment(urls, requestId) {
  const response = await fetch(urls.graphql, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await token(urls.keycloak, 'operador')}`,
      'content-type': 'application/json',
      'x-request-id': requestId,
    },
    body: JSON.stringify({
      query: '{ payments(filter: { status: PENDING }, pageSize: 1) { rows { id status } } }',
    }),
  });
  const { data, errors } = await response.json();
  assert.equal(errors, undefined);
  assert.equal(data.payments.rows[0].status, 'PENDING');
  const count = await fetch(`${urls.stubs}/__admin/requests/count?requestId=${requestId}`);
  assert.deepEqual(await count.json(), { count: 1 });
}

test('startTestStack() from the installed package: token, query, the stubs’ request log', async () => {
  const stack = await startTestStack({ gatewayLogLevel: 'silent' });
  try {
    await pendingPayment(stack, 'fuera-1');
  } finally {
    await stack.close();
  }
});

/** Whether something accepts connections on the URL's port. */
const answers = (url) =>
  new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => resolve(!socket.destroy()));
    socket.once('error', () => resolve(false));
  });

/** The live processes among `pids`. */
const living = (pids) =>
  pids.filter((pid) => {
    try {
      return process.kill(pid, 0);
    } catch {
      return false;
    }
  });

test('the command, killed with SIGKILL, leaves no process and no port within 5 s', async () => {
  // The command npm installed (node_modules/.bin), run the way a script of this project runs it.
  const command = fileURLToPath(new URL('./node_modules/.bin/backoffice-test-stack', import.meta.url));
  const cli = spawn(command, ['--log-level', 'silent'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = await Promise.race([
    once(createInterface({ input: cli.stdout }), 'line'),
    once(cli, 'exit').then(([code]) => assert.fail(`the command exited (${code}) before printing its URLs`)),
  ]);
  const urls = JSON.parse(line);
  await pendingPayment(urls, 'fuera-2');
  // The command and what it started (the gateway runs as its child).
  const children = async (pid) =>
    (await promisify(execFile)('pgrep', ['-P', String(pid)]).catch(() => ({ stdout: '' }))).stdout
      .split('\n')
      .filter(Boolean)
      .map(Number);
  const descendants = [];
  for (let next = [cli.pid]; next.length > 0;) {
    descendants.push(...next);
    next = (await Promise.all(next.map(children))).flat();
  }
  const ports = [urls.gateway, urls.stubs, urls.keycloak];
  assert.ok(descendants.length >= 2, `the command and the gateway: ${descendants}`);

  cli.kill('SIGKILL');
  const deadline = Date.now() + 5_000;
  let left;
  do {
    const open = (await Promise.all(ports.map(async (url) => ((await answers(url)) ? [url] : [])))).flat();
    left = { processes: living(descendants), ports: open };
    if (left.processes.length === 0 && left.ports.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < deadline);
  assert.deepEqual(left, { processes: [], ports: [] });
});

// One stack for every test file of this suite (node --test --test-global-setup): started before the files run, in
// parallel, each in its own namespace (client.mjs), and stopped after them. The files read its URLs from
// BACKOFFICE_TEST_STACK, which the runner passes to each file's process.
import { startTestStack } from '@backoffice/test-stack';

let stack;

export async function globalSetup() {
  // 'silent': the gateway's log and audit lines stay out of the test report ('warn' by default).
  stack = await startTestStack({ gatewayLogLevel: 'silent' });
  const { close: _close, ...urls } = stack;
  process.env.BACKOFFICE_TEST_STACK = JSON.stringify(urls);
}

export async function globalTeardown() {
  await stack?.close();
}

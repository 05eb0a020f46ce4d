import type { TestProject } from 'vitest/node';
import { startTestStack } from './stack';

/**
 * globalSetup of the e2e project: ONE stack (stubs, Keycloak emulator, gateway, web server) for every browser
 * file of the run, started before the first file and closed after the last. Files get its URLs with
 * `inject('e2eStack')` (support/suite.ts does it) and begin from the stubs' full reset instead of a restart.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const stack = await startTestStack();
  project.provide('e2eStack', { id: stack.id, urls: stack.urls });
  console.log(`[e2e] pila compartida lista en ${Date.now() - started} ms: ${stack.urls.web}`);
  return () => stack.close();
}

import type { Page, Request } from 'playwright-core';

/** How long a list's request may take to leave on a loaded machine. */
const REQUEST_WAIT_MS = 120_000;

const isOperation = (operationName: string) => (request: Request) =>
  request.method() === 'POST' &&
  request.url().includes('/graphql') &&
  (request.postData() ?? '').includes(`"operationName":"${operationName}"`);

/** The variables of the next `operationName` request to the gateway the page sends while `action` runs. */
export async function sentVariables<T>(page: Page, operationName: string, action: () => Promise<unknown>) {
  const sent = page.waitForRequest(isOperation(operationName), { timeout: REQUEST_WAIT_MS });
  await action();
  return (JSON.parse((await sent).postData() ?? '{}') as { variables: T }).variables;
}

import type { Locator, Page } from 'playwright-core';

/**
 * A detail's freshness: the words of the conflict notice, the notice itself, the tab coming back to the
 * front, and the seconds 'Actualizado hace N s' shows.
 */
export const RECORD_CHANGED = 'Otro operador modificó este registro';

export const changedAlert = (page: Page): Locator =>
  page.getByRole('alert').filter({ hasText: RECORD_CHANGED });

/** The tab came back to the front: what the browser tells the page (the detail then checks its record). */
export const tabVisibleAgain = (page: Page): Promise<void> =>
  page.evaluate(() => void document.dispatchEvent(new Event('visibilitychange')));

/** The N of 'Actualizado hace N s' inside `scope` (the page, or the detail's dialog); -1 while not shown. */
export async function secondsShown(scope: Page | Locator): Promise<number> {
  const text = (await scope.getByTestId('record-freshness').textContent()) ?? '';
  const match = /Actualizado hace (\d+) s/.exec(text);
  return match ? Number(match[1]) : -1;
}

/**
 * The next answer to the detail's query `operationName` (start waiting before the press that opens an action's
 * dialog): the read the dialog makes as it opens. A test that changes the record after it has a dialog
 * that found the record unchanged, and so reaches the refusal path.
 */
export const nextRead = (page: Page, operationName: string): Promise<unknown> =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/graphql') &&
      (response.request().postData() ?? '').includes(`"operationName":"${operationName}"`),
  );

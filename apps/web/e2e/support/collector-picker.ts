import type { Locator, Page } from 'playwright-core';

/**
 * Types `search` into a collector picker (the kit's, labelled 'Entidad' unless told) inside `scope` (the page or a
 * dialog) and picks the first option whose text matches `option` (default: the option of collector id `search`).
 */
export async function pickCollector(
  page: Page,
  search: string,
  {
    scope = page,
    label = 'Entidad',
    option,
  }: { scope?: Page | Locator; label?: string; option?: RegExp } = {},
): Promise<void> {
  const picker = scope.getByRole('combobox', { name: label });
  await picker.click();
  await picker.fill(search);
  await page
    .getByRole('option')
    .filter({ hasText: option ?? `ID ${search}` })
    .first()
    .click();
}

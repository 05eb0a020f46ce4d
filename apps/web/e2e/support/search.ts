import type { Locator, Page } from 'playwright-core';

/** 'Buscar en el back-office' (Ctrl+K) and its parts, as the operator reaches them. */
export const searchDialog = (page: Page) => page.getByRole('dialog', { name: 'Buscar en el back-office' });
export const searchField = (page: Page) =>
  searchDialog(page).getByRole('combobox', { name: 'Texto a buscar' });
/** A group of the answer (its test id is its kind: PAYMENT, PAYER…). */
export const searchGroup = (page: Page, kind: string): Locator =>
  searchDialog(page).getByTestId(`search-group-${kind}`);

export async function openSearch(page: Page): Promise<void> {
  await page.keyboard.press('Control+k');
  await searchField(page).waitFor();
}

/** Types `text` in the search and waits for `group` to be shown (it may still be asking its service). */
export async function searchFor(page: Page, text: string, group: string): Promise<void> {
  await searchField(page).fill(text);
  await searchGroup(page, group).waitFor();
}

/**
 * Waits until every group of the answer to the text typed has answered: no group shows progress and the answer is
 * on screen (a group, the 'Sin resultados en: …' line, or the status line).
 */
export async function searchAnswered(page: Page): Promise<void> {
  const dialog = searchDialog(page);
  await dialog
    .locator('[data-testid^="search-group-"], [data-testid="search-empty-groups"], [role="status"] p')
    .first()
    .waitFor();
  await dialog.locator('[role="progressbar"], [aria-busy="true"]').first().waitFor({ state: 'detached' });
}

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import type { Motion } from './support/browser';
import { gridSettled } from './support/grid';
import { useBrowserStack } from './support/suite';

/**
 * The app moves as the operator's system asks: by default dialogs fade in and a click leaves a ripple; with
 * `prefers-reduced-motion: reduce` (WCAG 2.3.3) they appear at once and a click leaves nothing. Most browser files run
 * as the second kind of operator (docs/operations.md, "Browser tests"); this one shows both.
 */

const suite = useBrowserStack();
const PAYERS = 'Pagadores';

interface MotionSeen {
  /** The transition MUI's Fade wrote on the open dialog's container. */
  dialogTransition: string;
  /** Ripple elements under the dialog's 'Cerrar' while the mouse button is held on it. */
  ripples: number;
  violations: number;
}

async function motionOf(page: Page): Promise<MotionSeen> {
  await gridSettled(page, PAYERS, `No se encontraron ${PAYERS}`);
  await page.locator('main h1, main h2').first().click();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Atajos de teclado' });
  await dialog.waitFor();
  const dialogTransition = await dialog.evaluate(
    (element) => (element.closest('.MuiDialog-container') as HTMLElement | null)?.style.transition ?? '',
  );
  const close = dialog.getByRole('button', { name: 'Cerrar' });
  const box = (await close.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // A ripple starts on the press and lives until the button is released.
  const ripples = await close.locator('.MuiTouchRipple-child').count();
  await page.mouse.up();
  await dialog.waitFor({ state: 'detached' });
  return { dialogTransition, ripples, violations: (await seriousA11yViolations(page)).length };
}

/** What a fresh profile of operador with this motion sees on Pagadores. */
async function seenWith(motion: Motion): Promise<MotionSeen> {
  const session = await suite.signedIn('operador', '/pagadores', undefined, { motion });
  try {
    return await motionOf(session.page);
  } finally {
    await session.close();
  }
}

describe("the app's motion follows the operator's system", () => {
  it('by default: the dialog fades in and a click leaves a ripple', async () => {
    const seen = await seenWith('full');
    expect(seen.dialogTransition).toMatch(/^opacity \d+ms/);
    expect(seen.ripples).toBeGreaterThan(0);
    expect(seen.violations).toBe(0);
  });

  it('with prefers-reduced-motion: the dialog appears at once and a click leaves no ripple', async () => {
    const seen = await seenWith('reduced');
    expect(seen.dialogTransition).toBe('none');
    expect(seen.ripples).toBe(0);
    expect(seen.violations).toBe(0);
  });
});

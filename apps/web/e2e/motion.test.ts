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

describe("the app's motion follows the operator's system", () => {
  for (const [motion, expected] of [
    ['full', { transition: /^opacity \d+ms/, ripples: (n: number) => expect(n).toBeGreaterThan(0) }],
    ['reduced', { transition: /^none$/, ripples: (n: number) => expect(n).toBe(0) }],
  ] as const) {
    it(`${motion === 'full' ? 'by default' : 'with prefers-reduced-motion'}: the dialog's transition and a click's ripple`, async () => {
      const session = await suite.signedIn('operador', '/pagadores', undefined, { motion: motion as Motion });
      let seen: MotionSeen;
      try {
        seen = await motionOf(session.page);
      } finally {
        await session.close();
      }
      expect(seen.dialogTransition).toMatch(expected.transition);
      expected.ripples(seen.ripples);
      expect(seen.violations).toBe(0);
    });
  }
});

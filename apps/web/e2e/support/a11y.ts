import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { transitionsDone } from './browser';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * The serious and critical axe-core violations (WCAG 2.1 A/AA rules) of the whole page (the shell, the screen and
 * any open dialog or menu), or only inside `selector` when given. The engine is evaluated in the page through the
 * DevTools protocol, so the app's CSP stays as it is.
 */
export async function seriousA11yViolations(page: Page, selector?: string): Promise<A11yViolation[]> {
  // Once per document: the engine is 500 kB to send and compile, and a screen is often checked in several states.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const first = await analyze(page, selector);
  if (first.length === 0) return first;
  // A transition that started during the analysis (a toast fading out on its timer, a loaded machine slowing
  // axe down) is read mid-opacity as low contrast. A real violation is still there once it has ended.
  return analyze(page, selector);
}

async function analyze(page: Page, selector?: string): Promise<A11yViolation[]> {
  // Colors are read once opening transitions (dialogs, menus, tooltips) are over.
  await transitionsDone(page);
  const violations = await page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<unknown> } }).axe;
    const result = (await axe.run(context ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, selector ?? null);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

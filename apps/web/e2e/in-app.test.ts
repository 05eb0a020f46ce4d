import { describe, expect, it } from 'vitest';
import { CONDITION_POLL_MS, pollConditionsByInterval, sameRoute } from './support/browser';

/** reopenInApp's rule: no browser here, only which addresses the router keeps on one mounted screen. */
describe('sameRoute', () => {
  it('is true for another id or another query of one screen, full addresses or paths', () => {
    expect(sameRoute('http://127.0.0.1:5173/pago/1000090', '/pago/1000091')).toBe(true);
    expect(sameRoute('/pagos?status=approved', '/pagos?status=rejected')).toBe(true);
    expect(sameRoute('/notificacion/1?x=1', '/notificacion/2')).toBe(true);
  });

  it('is false for another screen, a static route beside a parametered one included', () => {
    expect(sameRoute('/pagos', '/pago/1000090')).toBe(false);
    expect(sameRoute('/perfil', '/home')).toBe(false);
    expect(sameRoute('/pagadores/nuevo', '/pagadores/10001')).toBe(false);
    expect(sameRoute('/pagos/pago-de-servicios/gateways?desde=2026-01-01', '/pagos')).toBe(false);
  });
});

/** The pages' waits poll by time, not by animation frame: what reaches Playwright's waitForFunction. */
describe('pollConditionsByInterval', () => {
  const recorder = () => {
    const calls: unknown[][] = [];
    return {
      calls,
      page: pollConditionsByInterval({
        waitForFunction: (...args: unknown[]) => {
          calls.push(args);
          return Promise.resolve();
        },
      }),
    };
  };

  it('polls every CONDITION_POLL_MS when the caller names no polling, keeping its argument and timeout', async () => {
    const { calls, page } = recorder();
    const condition = () => true;
    await page.waitForFunction(condition, 'arg', { timeout: 1234 });
    await page.waitForFunction(condition);
    expect(calls).toEqual([
      [condition, 'arg', { polling: CONDITION_POLL_MS, timeout: 1234 }],
      [condition, undefined, { polling: CONDITION_POLL_MS }],
    ]);
  });

  it("keeps the caller's own polling", async () => {
    const { calls, page } = recorder();
    await page.waitForFunction(() => true, null, { polling: 'raf' });
    expect(calls[0]?.[2]).toEqual({ polling: 'raf' });
  });
});

import { describe, expect, it } from 'vitest';
import { sameRoute } from './support/browser';

/** reopenInApp's rule (issue 48): no browser here, only which addresses the router keeps on one mounted screen. */
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

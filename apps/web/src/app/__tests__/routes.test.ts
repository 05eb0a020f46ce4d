import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@backoffice/schema';
import { APP_ROUTES, findRoute } from '../routes';
import { MENU } from '../shell/menu';

// Spec 000 §2 (other routes, menu) and spec 001 §2 (route table, other links seen), ids filled in.
const SPEC_PATHS = [
  '/home',
  '/perfil',
  '/exportaciones',
  '/pago/123',
  '/pagadores/77',
  '/suscripcion/9',
  '/suscripciones',
  '/notificacion/5',
  '/retiros/lotes/c1/b2',
  '/comercios/c1',
  '/pagos',
  '/comercios',
  '/pagadores',
  '/comercios/promociones',
  '/comercios/gateways',
  '/cvu',
  '/terminales-de-pago',
  '/precargadas',
  '/debitos-automaticos',
  '/facturacion',
  '/distribucion',
  '/pagos/pago-de-servicios/transacciones',
  '/pagos/pago-de-servicios/gateways',
  '/importacion',
  '/importacion/4',
  '/conversion',
  '/importaciones',
  '/transferencias',
  '/retiros',
  '/retirosUnificados',
  '/lotes',
  '/retiros/historial',
  '/lotes/lotes',
  '/lotes/lotes/c1/8',
  '/pagadores/nuevo',
  '/pagadores/referencias',
  '/pagadores/referencias/crear',
  '/afip',
  '/afip/generar',
  '/afip/3',
  '/bin',
  '/bin/-1',
  '/bin/12',
  '/soft-provider',
  '/detail',
  '/medios-de-pago-excluidos',
  '/pagos/pago-de-servicios',
];

describe('APP_ROUTES', () => {
  it.each(SPEC_PATHS)('registers %s', (path) => {
    expect(findRoute(path)).toBeDefined();
  });

  it('has no duplicate paths', () => {
    const paths = APP_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('ranks static segments over params', () => {
    expect(findRoute('/pagadores/nuevo')?.title).toBe('Nuevo pagador');
    expect(findRoute('/pagadores/referencias')?.title).toBe('Referencias de pagadores');
    expect(findRoute('/pagadores/42')?.title).toBe('Detalle del pagador');
    expect(findRoute('/comercios/promociones')?.title).toBe('Promociones');
    expect(findRoute('/comercios/abc')?.title).toBe('Entidad');
    expect(findRoute('/afip/generar')?.title).toBe('Nueva presentación');
  });

  it('does not match unknown paths (they redirect to /home)', () => {
    expect(findRoute('/no-existe')).toBeUndefined();
    expect(findRoute('/pago')).toBeUndefined();
  });

  it('gives every menu item a route with the same permission rule', () => {
    for (const item of MENU.flatMap((g) => g.items)) {
      const route = findRoute(item.to);
      expect(route, item.to).toBeDefined();
      expect(route?.rule ?? null, item.to).toEqual(item.rule ?? null);
    }
  });

  it('uses only permissions of the schema', () => {
    for (const route of APP_ROUTES) {
      for (const p of [...(route.rule?.any ?? []), ...(route.rule?.all ?? [])])
        expect(PERMISSIONS).toContain(p);
    }
  });

  it('needs no permission for the payments search, home and profile', () => {
    expect(findRoute('/pagos')?.rule).toBeUndefined();
    expect(findRoute('/home')?.rule).toBeUndefined();
    expect(findRoute('/perfil')?.rule).toBeUndefined();
  });
});

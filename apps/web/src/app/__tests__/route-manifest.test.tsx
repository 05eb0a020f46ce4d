import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../routes';

describe('route manifest', () => {
  it('gives every route one path and a Spanish title', () => {
    const paths = APP_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of APP_ROUTES) {
      expect(route.path).toMatch(/^\//);
      expect(route.title.trim()).not.toBe('');
    }
  });

  it('keeps the screens built in this version', () => {
    const built = APP_ROUTES.filter((route) => route.screen).map((route) => route.path);
    expect(built).toEqual(
      expect.arrayContaining(['/home', '/perfil', '/pagos', '/pago/:id', '/notificacion/:id']),
    );
  });

  it.each(APP_ROUTES.filter((route) => route.screen).map((route) => [route.path, route] as const))(
    'the lazy screen of %s resolves to a component',
    async (_path, route) => {
      expect(typeof (await route.screen!.load())).toBe('function');
      const Screen = route.screen!.Component;
      expect(isValidElement(<Screen />)).toBe(true);
    },
  );
});

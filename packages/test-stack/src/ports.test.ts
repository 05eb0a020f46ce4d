import { describe, expect, it } from 'vitest';
import { parsePorts } from './ports.mjs';

describe('--ports of npm run stack:test', () => {
  it('reads any subset of gateway, stubs and keycloak, in any order', () => {
    expect(parsePorts('')).toEqual({ value: {} });
    expect(parsePorts('keycloak=8080, gateway=4000')).toEqual({ value: { keycloak: 8080, gateway: 4000 } });
    expect(parsePorts('gateway=4000,stubs=4010,keycloak=8080')).toEqual({
      value: { gateway: 4000, stubs: 4010, keycloak: 8080 },
    });
  });

  it('refuses what it cannot read, in Spanish', () => {
    expect(parsePorts('gateway:4000').error).toBe(
      '--ports no válido: "gateway:4000". Formato: gateway=4000,stubs=4010,keycloak=8080.',
    );
    expect(parsePorts('web=5173').error).toBe(
      '--ports: servicio desconocido "web". Servicios: gateway, stubs, keycloak.',
    );
    expect(parsePorts('gateway=1,gateway=2').error).toBe('--ports: "gateway" aparece dos veces.');
    expect(parsePorts('stubs=70000').error).toBe('--ports: el puerto de stubs debe estar entre 1 y 65535.');
    expect(parsePorts('stubs=0').error).toBe('--ports: el puerto de stubs debe estar entre 1 y 65535.');
  });
});

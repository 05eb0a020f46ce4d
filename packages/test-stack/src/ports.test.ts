import { describe, expect, it } from 'vitest';
import { pickedPortTaken } from '../../../scripts/stack.mjs';
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

describe('a stack whose picked port was taken before it listened', () => {
  const inProcess = Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:40123'), {
    code: 'EADDRINUSE',
    port: 40123,
  });
  const gatewayProcess = new Error(
    'El gateway terminó (1) antes de escuchar:\nnode:net:2328\nError: listen EADDRINUSE: address already in use 127.0.0.1:40124\n',
  );

  it('starts again on new picks, whether a server of this process or the gateway’s process found it taken', () => {
    expect(pickedPortTaken(inProcess, {})).toBe(true);
    expect(pickedPortTaken(gatewayProcess, undefined)).toBe(true);
    expect(pickedPortTaken(gatewayProcess, { stubs: 4010 })).toBe(true);
  });

  it('never retries a port the caller gave, nor any other failure', () => {
    expect(pickedPortTaken(inProcess, { stubs: 40123 })).toBe(false);
    expect(pickedPortTaken(gatewayProcess, { gateway: 40124 })).toBe(false);
    expect(
      pickedPortTaken(new Error('El gateway terminó (1) antes de escuchar:\nconfiguración no válida'), {}),
    ).toBe(false);
    expect(pickedPortTaken(undefined, {})).toBe(false);
  });
});

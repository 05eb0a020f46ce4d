import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config';

describe('parseConfig', () => {
  it('fills realm and client defaults and trims the Keycloak URL', () => {
    expect(parseConfig({ gatewayUrl: 'http://g/graphql', keycloakUrl: 'http://k/' })).toEqual({
      gatewayUrl: 'http://g/graphql',
      keycloakUrl: 'http://k',
      realm: 'back-office',
      clientId: 'back-office-web',
    });
  });
  it('rejects a missing or incomplete configuration in Spanish', () => {
    expect(() => parseConfig(undefined)).toThrow(ConfigError);
    expect(() => parseConfig({ gatewayUrl: 'http://g' })).toThrow(/falta keycloakUrl/);
  });
});

import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_CHAIN_SECRET } from '../config.js';
import { loadConfig } from '../load-config.js';
import { SERVICES } from '../modules.js';

describe('loadConfig', () => {
  it('reads the per-operator rate limit (0 turns it off)', () => {
    expect(loadConfig({})).toMatchObject({ rateLimitMax: 600, rateLimitWindowMs: 60_000 });
    expect(loadConfig({ RATE_LIMIT_MAX: '0', RATE_LIMIT_WINDOW_MS: '10000' })).toMatchObject({
      rateLimitMax: 0,
      rateLimitWindowMs: 10_000,
    });
    expect(() => loadConfig({ RATE_LIMIT_MAX: '-1' })).toThrow(/RATE_LIMIT_MAX/);
    expect(() => loadConfig({ RATE_LIMIT_WINDOW_MS: '10' })).toThrow(/RATE_LIMIT_WINDOW_MS/);
  });

  it('has development defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.keycloakIssuer).toBe('http://localhost:8080/realms/back-office');
    expect(config.keycloakJwksUrl).toBe(
      'http://localhost:8080/realms/back-office/protocol/openid-connect/certs',
    );
    expect(config.keycloakAudience).toBe('back-office-gateway');
    expect(config.keycloakAzp).toEqual(['back-office-web']);
    expect(config.corsOrigins).toEqual(['http://localhost:5173']);
    expect(config.upstreamTimeoutMs).toBe(5000);
    expect(config.mutationTimeoutMs).toBe(15000);
    expect(config.services.payment).toBe('http://127.0.0.1:4010/payment');
    expect(config.services.collector).toBe('http://127.0.0.1:4010/collector');
    expect(config.services.notification).toBe('http://127.0.0.1:4010/notification');
    expect(config.services.afip).toBe('http://127.0.0.1:4010/afip');
    expect(config.services.distribuciones).toBe('http://127.0.0.1:4010/distribuciones');
    expect(Object.keys(config.services).sort()).toEqual([...SERVICES].sort());
    expect(config.sandbox).toBe(true);
    expect(config.introspection).toBe(true);
  });

  it('reads the zip limits of XLSX and ZIP uploads, with their defaults', () => {
    expect(loadConfig({}).zipLimits).toEqual({
      maxEntries: 1000,
      maxUncompressedBytes: 100 * 1024 * 1024,
      maxRatio: 100,
    });
    expect(
      loadConfig({
        UPLOAD_ZIP_MAX_ENTRIES: '50',
        UPLOAD_ZIP_MAX_UNCOMPRESSED_BYTES: '1048576',
        UPLOAD_ZIP_MAX_RATIO: '20',
      }).zipLimits,
    ).toEqual({ maxEntries: 50, maxUncompressedBytes: 1048576, maxRatio: 20 });
    expect(() => loadConfig({ UPLOAD_ZIP_MAX_RATIO: '0' })).toThrow(/UPLOAD_ZIP_MAX_RATIO/);
  });

  it('reads the uploads in flight and the idle and total timeouts of an upload, with their defaults', () => {
    const uploads = (env: Record<string, string>) => loadConfig(env).uploads;
    expect(uploads({})).toEqual({
      maxInFlight: 8,
      maxPerOperator: 2,
      idleTimeoutMs: 30_000,
      totalTimeoutMs: 120_000,
    });
    const given = {
      UPLOAD_MAX_IN_FLIGHT: '20',
      UPLOAD_MAX_PER_OPERATOR: '3',
      UPLOAD_IDLE_TIMEOUT_MS: '5000',
      UPLOAD_TOTAL_TIMEOUT_MS: '60000',
    };
    expect(uploads(given)).toEqual({
      maxInFlight: 20,
      maxPerOperator: 3,
      idleTimeoutMs: 5000,
      totalTimeoutMs: 60_000,
    });
    expect(() => uploads({ UPLOAD_MAX_PER_OPERATOR: '0' })).toThrow(/UPLOAD_MAX_PER_OPERATOR/);
    expect(() => uploads({ UPLOAD_TOTAL_TIMEOUT_MS: '0' })).toThrow(/UPLOAD_TOTAL_TIMEOUT_MS/);
  });

  it('reads the budget of refusal lines per source and minute, 20 by default', () => {
    expect(loadConfig({}).refusalLinesPerMinute).toBe(20);
    expect(loadConfig({ REFUSAL_LINES_PER_MINUTE: '0' }).refusalLinesPerMinute).toBe(0);
    expect(() => loadConfig({ REFUSAL_LINES_PER_MINUTE: '-1' })).toThrow(/REFUSAL_LINES_PER_MINUTE/);
  });

  it("reads the bounds of an operator's preferences, with their defaults", () => {
    expect(loadConfig({}).preferenceLimits).toEqual({ maxKeys: 200, maxBytes: 1024 * 1024 });
    expect(
      loadConfig({ PREFERENCES_MAX_KEYS: '50', PREFERENCES_MAX_BYTES: '262144' }).preferenceLimits,
    ).toEqual({ maxKeys: 50, maxBytes: 262144 });
    expect(() => loadConfig({ PREFERENCES_MAX_KEYS: '0' })).toThrow(/PREFERENCES_MAX_KEYS/);
  });

  it('reads every variable, with the JWKS URL independent of the issuer', () => {
    const config = loadConfig({
      PORT: '4100',
      HOST: '0.0.0.0',
      KEYCLOAK_ISSUER: 'http://localhost:8080/realms/back-office/',
      KEYCLOAK_JWKS_URL: 'http://keycloak:8080/realms/back-office/protocol/openid-connect/certs',
      KEYCLOAK_AUDIENCE: 'gw',
      KEYCLOAK_AZP: 'back-office-web, otro-cliente',
      CORS_ORIGINS: 'http://localhost:5173,https://backoffice.example.com',
      UPSTREAM_TIMEOUT_MS: '1000',
      MUTATION_TIMEOUT_MS: '20000',
      PAYMENT_SERVICE_URL: 'http://payments.internal/api/',
      GRAPHQL_SANDBOX: 'false',
      INTROSPECTION: '0',
    });
    expect(config.port).toBe(4100);
    expect(config.host).toBe('0.0.0.0');
    expect(config.keycloakIssuer).toBe('http://localhost:8080/realms/back-office');
    expect(config.keycloakJwksUrl).toBe(
      'http://keycloak:8080/realms/back-office/protocol/openid-connect/certs',
    );
    expect(config.keycloakAudience).toBe('gw');
    expect(config.keycloakAzp).toEqual(['back-office-web', 'otro-cliente']);
    expect(config.corsOrigins).toEqual(['http://localhost:5173', 'https://backoffice.example.com']);
    expect(config.upstreamTimeoutMs).toBe(1000);
    expect(config.mutationTimeoutMs).toBe(20000);
    expect(config.services.payment).toBe('http://payments.internal/api');
    expect(config.services.collector).toBe('http://127.0.0.1:4010/collector');
    expect(config.sandbox).toBe(false);
    expect(config.introspection).toBe(false);
  });

  it('turns the sandbox and introspection off in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ sandbox: false, introspection: false });
    expect(loadConfig({ NODE_ENV: 'production', GRAPHQL_SANDBOX: 'true' }).sandbox).toBe(true);
  });

  it('keeps the test profile namespaces off unless asked, and never with NODE_ENV=production', () => {
    expect(loadConfig({}).testNamespaces).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).testNamespaces).toBe(false);
    expect(loadConfig({ TEST_NAMESPACES: 'true' }).testNamespaces).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_NAMESPACES: 'true' })).toThrow(/TEST_NAMESPACES/);
  });

  it("requires the activity chain's secret on a PostgreSQL server in production, a development one elsewhere", () => {
    const server = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db:5432/backoffice' };
    expect(() => loadConfig(server)).toThrow(/ACTIVITY_CHAIN_SECRET/);
    expect(() => loadConfig({ ...server, ACTIVITY_CHAIN_SECRET: 'corto' })).toThrow(/ACTIVITY_CHAIN_SECRET/);
    const secret = 'x'.repeat(32);
    expect(loadConfig({ ...server, ACTIVITY_CHAIN_SECRET: secret }).store).toMatchObject({
      chain: { secret, sealEveryMs: 5_000, digestEveryMs: 3_600_000 },
    });
    expect(loadConfig({ NODE_ENV: 'production', STORE_DATA_DIR: '.data/store' }).store).toMatchObject({
      chain: { secret: DEVELOPMENT_CHAIN_SECRET },
    });
    expect(
      loadConfig({
        STORE_DATA_DIR: 'memory://',
        ACTIVITY_SEAL_EVERY_MS: '1000',
        ACTIVITY_DIGEST_EVERY_MS: '60000',
      }).store,
    ).toMatchObject({ chain: { sealEveryMs: 1_000, digestEveryMs: 60_000 } });
  });

  it('refuses malformed values', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ UPSTREAM_TIMEOUT_MS: '0' })).toThrow(/UPSTREAM_TIMEOUT_MS/);
    expect(() => loadConfig({ PAYMENT_SERVICE_URL: 'not a url' })).toThrow(/PAYMENT_SERVICE_URL/);
    expect(() => loadConfig({ INTROSPECTION: 'maybe' })).toThrow(/INTROSPECTION/);
  });
});

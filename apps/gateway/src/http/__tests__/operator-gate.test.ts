import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { InvalidTokenError, type AuthUser, type TokenVerifier } from '../../auth/verify-token.js';
import { RATE_LIMITED_MESSAGE } from '../../limits/rate-limit.js';
import {
  FORBIDDEN_MESSAGE,
  UNAUTHENTICATED_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from '../../upstream/error-catalogue.js';
import { errorRefusal, graphqlRefusal, operatorGate, type GateRefusal } from '../operator-gate.js';
import { localsOf } from '../plain.js';

/**
 * The one operator check of /graphql, /files and any operator's route: token, operator, the shared
 * per-operator limit, the route's permission; each refusal with its status, Spanish message and headers.
 */

const operator = (subject: string, permissions: string[] = ['PAYMENT_SHOW']): AuthUser => ({
  subject,
  username: subject,
  name: null,
  email: null,
  permissions: permissions as AuthUser['permissions'],
  token: `token-${subject}`,
});

/** Tokens `Bearer <subject>` pass; `Bearer keys-down` is a key server that cannot be reached; anything else is refused. */
const verifier: TokenVerifier = {
  verify: (authorization) => {
    if (authorization === 'Bearer keys-down') return Promise.reject(new InvalidTokenError('jwks', true));
    const subject = /^Bearer (\w+)$/.exec(authorization ?? '')?.[1];
    return subject ? Promise.resolve(operator(subject)) : Promise.reject(new InvalidTokenError('malformed'));
  },
  jwksReachable: () => Promise.resolve(true),
};

/** A request with its Authorization header and a response that records headers and its answer. */
function exchange(authorization?: string) {
  const req = {
    headers: authorization ? { authorization } : {},
    socket: { remoteAddress: '127.0.0.9' },
  } as unknown as IncomingMessage;
  const headers = new Map<string, string>();
  const sent: { status?: number; body?: unknown } = {};
  const res = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    set statusCode(status: number) {
      sent.status = status;
    },
    end: (text: string) => (sent.body = JSON.parse(text)),
  } as unknown as ServerResponse;
  return { req, res, headers, sent };
}

function gateWith(max = 2, lines: string[] = []) {
  return operatorGate({
    verifier,
    logger: { warn: (msg) => lines.push(msg) },
    rateLimit: { max, windowMs: 3_600_000 },
    tokenLinesPerMinute: 2,
  });
}

describe('operatorGate', () => {
  it('lets a valid token through, keeps the operator for the access log and charges its limit', async () => {
    const gate = gateWith(2);
    const { req, res, headers } = exchange('Bearer ana');
    const outcome = await gate.check(req, res);
    expect(outcome.refusal).toBeNull();
    expect(outcome.user?.subject).toBe('ana');
    expect(localsOf<{ user: AuthUser }>(res).user?.subject).toBe('ana');
    expect(headers.get('ratelimit')).toMatch(/r=1;/);
    expect(gate.rateLimit.left('ana')?.remaining).toBe(1);
    gate.close();
  });

  it('refuses a missing or bad token with 401, WWW-Authenticate and no count', async () => {
    const lines: string[] = [];
    const gate = gateWith(2, lines);
    const { req, res, headers } = exchange('Bearer not a token');
    const outcome = await gate.check(req, res);
    expect(outcome.refusal).toEqual<GateRefusal>({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: UNAUTHENTICATED_MESSAGE,
    });
    expect(outcome.user).toBeNull();
    expect(headers.get('www-authenticate')).toBe('Bearer');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.has('ratelimit')).toBe(false);
    expect(gate.rateLimit.operators()).toBe(0);
    expect(lines).toEqual(['token rejected']);
    gate.close();
  });

  it('refuses with 503 when the keys cannot be fetched, always logged', async () => {
    const lines: string[] = [];
    const gate = gateWith(2, lines);
    for (let i = 0; i < 4; i++) {
      const { req, res, headers } = exchange('Bearer keys-down');
      const outcome = await gate.check(req, res);
      expect(outcome.refusal).toMatchObject({
        status: 503,
        code: 'UPSTREAM_UNAVAILABLE',
        message: UNAVAILABLE_MESSAGE,
      });
      expect(headers.has('www-authenticate')).toBe(false);
    }
    expect(lines).toHaveLength(4);
    gate.close();
  });

  it("writes refused tokens' warnings one by one up to the client address's budget", async () => {
    const lines: string[] = [];
    const gate = gateWith(2, lines);
    for (let i = 0; i < 5; i++) {
      const { req, res } = exchange('Bearer');
      expect((await gate.check(req, res)).refusal?.status).toBe(401);
    }
    expect(lines).toEqual(['token rejected', 'token rejected']);
    gate.close();
    expect(lines.at(-1)).toBe('tokens rejected, not logged one by one');
  });

  it('refuses past the limit with 429 and Retry-After; other operators keep their own count', async () => {
    const gate = gateWith(2);
    for (let i = 0; i < 2; i++) {
      const { req, res } = exchange('Bearer ana');
      expect((await gate.check(req, res)).refusal).toBeNull();
    }
    const { req, res, headers } = exchange('Bearer ana');
    const outcome = await gate.check(req, res);
    expect(outcome.refusal).toEqual({ status: 429, code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
    expect(outcome.user?.subject).toBe('ana');
    expect(Number(headers.get('retry-after'))).toBeGreaterThan(0);
    expect(headers.get('cache-control')).toBe('no-store');
    const other = exchange('Bearer bruno');
    expect((await gate.check(other.req, other.res)).refusal).toBeNull();
    gate.close();
  });

  it("checks the route's permissions after the limit: any of them, an empty list never met", async () => {
    const gate = gateWith(5);
    const allowed = exchange('Bearer ana');
    expect(await gate.check(allowed.req, allowed.res, ['FILE_UPLOAD', 'PAYMENT_SHOW'])).toMatchObject({
      permission: 'PAYMENT_SHOW',
      refusal: null,
    });
    const refused = exchange('Bearer ana');
    const outcome = await gate.check(refused.req, refused.res, ['FILE_UPLOAD']);
    expect(outcome.refusal).toEqual({ status: 403, code: 'FORBIDDEN', message: FORBIDDEN_MESSAGE });
    expect(outcome.user?.subject).toBe('ana');
    const none = exchange('Bearer ana');
    expect((await gate.check(none.req, none.res, [])).refusal?.status).toBe(403);
    // Each check was counted, the refused one too (the limit comes first).
    expect(gate.rateLimit.left('ana')?.remaining).toBe(2);
    gate.close();
  });

  it("admit answers a refusal in the route's shape and returns null, or returns the operator", async () => {
    const gate = gateWith(1);
    const first = exchange('Bearer ana');
    expect((await gate.admit(first.req, first.res, graphqlRefusal))?.subject).toBe('ana');
    expect(first.sent.body).toBeUndefined();

    const graphql = exchange('Bearer ana');
    expect(await gate.admit(graphql.req, graphql.res, graphqlRefusal)).toBeNull();
    expect(graphql.sent).toEqual({
      status: 429,
      body: { errors: [{ message: RATE_LIMITED_MESSAGE, extensions: { code: 'RATE_LIMITED' } }] },
    });

    const plain = exchange();
    expect(await gate.admit(plain.req, plain.res, errorRefusal)).toBeNull();
    expect(plain.sent).toEqual({
      status: 401,
      body: { error: { code: 'UNAUTHENTICATED', message: UNAUTHENTICATED_MESSAGE } },
    });
    gate.close();
  });

  it('with the limit off never counts nor refuses for it', async () => {
    const gate = gateWith(0);
    for (let i = 0; i < 5; i++) {
      const { req, res } = exchange('Bearer ana');
      expect((await gate.check(req, res)).refusal).toBeNull();
    }
    expect(gate.rateLimit.left('ana')).toBeNull();
    gate.close();
  });
});

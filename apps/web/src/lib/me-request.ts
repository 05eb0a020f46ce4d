import { describeGatewayFailure } from './errors';
import type { Permission } from './permissions';
import { postToGateway, type GatewayPost } from './request-headers';

/**
 * The shell's one request: `me`, sent with `fetch` so the shell renders its menu without Apollo Client (Apollo
 * loads with the first screen, in parallel). The very query Apollo would send for `app/me.graphql`
 * (`__typename` added), so the answer is written into Apollo's cache as if Apollo had asked
 * (`app/data-layer.tsx`); a unit test keeps the text equal to the document.
 */
export const ME_QUERY = `query Me {
  me {
    username
    name
    email
    permissions
    __typename
  }
}`;

export interface MeData {
  me: {
    __typename: 'Me';
    username: string;
    name?: string | null;
    email?: string | null;
    permissions: Permission[];
  };
}

/** `me` could not be read: a Spanish message; `unauthenticated` when the gateway says the session is gone. */
export class MeRequestError extends Error {
  override name = 'MeRequestError';
  constructor(
    message: string,
    readonly unauthenticated = false,
  ) {
    super(message);
  }
}

export interface MeRequestOptions extends GatewayPost {
  getToken(): Promise<string>;
}

interface GatewayAnswer {
  data?: MeData | null;
  errors?: { message?: string; extensions?: { code?: string; field?: unknown } }[];
}

/** POSTs the `Me` query with the headers every gateway request carries (bearer token, source, locale, trace). */
export async function fetchMe(options: MeRequestOptions): Promise<MeData> {
  const token = await options.getToken();
  let response: Response;
  try {
    response = await postToGateway(options, token, { operationName: 'Me', variables: {}, query: ME_QUERY });
  } catch {
    throw new MeRequestError(describeGatewayFailure({ network: true }));
  }
  const answer = (await response.json().catch(() => undefined)) as GatewayAnswer | undefined;
  const first = answer?.errors?.[0];
  if (response.status === 401 || first?.extensions?.code === 'UNAUTHENTICATED') {
    throw new MeRequestError(describeGatewayFailure({ status: 401 }), true);
  }
  if (first) throw new MeRequestError(describeGatewayFailure({ graphql: first }));
  if (!response.ok || !answer?.data?.me) {
    throw new MeRequestError(
      describeGatewayFailure(answer ? { status: response.status } : { unparsable: true }),
    );
  }
  return answer.data;
}

/** A Keycloak client role as the gateway's Permission value (payment-refund -> PAYMENT_REFUND). */
const PERMISSION_NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * `me` as the gateway will answer it, read from the access token's claims (the shell and the address's
 * first query start with it instead of waiting for `me`): the same claims the gateway reads (apps/gateway
 * auth/verify-token.ts), the roles of the clients the token is meant for (`aud`, but Keycloak's own `account`
 * client) as permissions: the gateway's client is the one among them with roles. A role that is not a permission
 * would become a name no rule asks for until `me` replaces the whole value. Undefined when the claims name nobody.
 */
export function meFromClaims(claims: Record<string, unknown> | undefined): MeData | undefined {
  if (!claims) return undefined;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const username = text(claims.preferred_username) ?? text(claims.sub);
  if (!username) return undefined;
  const audiences = new Set(
    (Array.isArray(claims.aud) ? claims.aud : [claims.aud]).filter(
      (a) => typeof a === 'string' && a !== 'account',
    ),
  );
  const access = claims.resource_access;
  const permissions = new Set<string>();
  if (access && typeof access === 'object') {
    for (const [client, entry] of Object.entries(access as Record<string, unknown>)) {
      const roles: unknown = audiences.has(client) ? (entry as { roles?: unknown } | null)?.roles : undefined;
      if (!Array.isArray(roles)) continue;
      for (const role of roles) {
        const name = typeof role === 'string' ? role.toUpperCase().replaceAll('-', '_') : '';
        if (PERMISSION_NAME.test(name)) permissions.add(name);
      }
    }
  }
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  return {
    me: {
      __typename: 'Me',
      username,
      name: text(claims.name) ?? ([given, family].filter(Boolean).join(' ') || null),
      email: text(claims.email) ?? null,
      permissions: [...permissions] as Permission[],
    },
  };
}

/** The same user, name, e-mail and permissions (in any order): nothing on screen changes between the two. */
export function sameMe(a: MeData, b: MeData): boolean {
  const held = new Set(a.me.permissions);
  return (
    a.me.username === b.me.username &&
    (a.me.name ?? null) === (b.me.name ?? null) &&
    (a.me.email ?? null) === (b.me.email ?? null) &&
    a.me.permissions.length === b.me.permissions.length &&
    b.me.permissions.every((p) => held.has(p))
  );
}

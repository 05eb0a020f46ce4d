import { createHash, randomBytes } from 'node:crypto';
import type { RunningEmulator } from '../index.js';

export const APP = 'http://localhost:5173';
export const WEB_CLIENT = 'back-office-web';

export const pkcePair = (): { verifier: string; challenge: string } => {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** name=value pairs of the Set-Cookie headers (attributes dropped), to send back as a Cookie header. */
export const cookiesOf = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');

export const authUrl = (em: RunningEmulator, params: Record<string, string | undefined>): string => {
  const url = new URL(`${em.url}/realms/back-office/protocol/openid-connect/auth`);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
};

export const standardParams = (challenge: string, extra: Record<string, string | undefined> = {}) => ({
  client_id: WEB_CLIENT,
  redirect_uri: `${APP}/pagos`,
  response_type: 'code',
  response_mode: 'fragment',
  scope: 'openid',
  state: 'estado-1',
  nonce: 'nonce-1',
  code_challenge: challenge,
  code_challenge_method: 'S256',
  ...extra,
});

/** The login form's action, absolute. */
export const formAction = (em: RunningEmulator, html: string): string => {
  const match = /<form id="kc-form-login" action="([^"]+)"/.exec(html);
  if (!match) throw new Error('no login form in the page');
  return new URL(match[1]!.replaceAll('&amp;', '&'), em.url).toString();
};

/** Parameters of a redirect's fragment (or query when there is no fragment). */
export const responseParams = (location: string): URLSearchParams => {
  const url = new URL(location);
  return new URLSearchParams(url.hash ? url.hash.slice(1) : url.search);
};

export interface LoginResult {
  cookie: string;
  code: string;
  params: URLSearchParams;
  verifier: string;
  redirectUri: string;
}

/** GET auth, POST the login form, and read the code from the redirect. */
export const login = async (
  em: RunningEmulator,
  username: string,
  password = username,
  extra: Record<string, string | undefined> = {},
): Promise<LoginResult> => {
  const { verifier, challenge } = pkcePair();
  const params = standardParams(challenge, extra);
  const page = await fetch(authUrl(em, params), { redirect: 'manual' });
  if (page.status !== 200) throw new Error(`auth answered ${page.status}`);
  const posted = await fetch(formAction(em, await page.text()), {
    method: 'POST',
    headers: { cookie: cookiesOf(page) },
    body: new URLSearchParams({ username, password }),
    redirect: 'manual',
  });
  if (posted.status !== 302) throw new Error(`login answered ${posted.status}`);
  const location = posted.headers.get('location')!;
  const response = responseParams(location);
  return {
    cookie: cookiesOf(posted),
    code: response.get('code')!,
    params: response,
    verifier,
    redirectUri: params.redirect_uri,
  };
};

/** An OAuth error answer as one value: its status and body. */
export const oauthError = async (res: Response): Promise<Record<string, unknown>> => ({
  status: res.status,
  ...((await res.json()) as Record<string, unknown>),
});

export const tokenRequest = (
  em: RunningEmulator,
  body: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> =>
  fetch(`${em.issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(body),
  });

export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
  refresh_expires_in: number;
  token_type: string;
  session_state: string;
  scope: string;
}

export const exchange = async (em: RunningEmulator, result: LoginResult): Promise<Tokens> => {
  const res = await tokenRequest(em, {
    grant_type: 'authorization_code',
    code: result.code,
    client_id: WEB_CLIENT,
    redirect_uri: result.redirectUri,
    code_verifier: result.verifier,
  });
  if (res.status !== 200) throw new Error(`token answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Tokens;
};

export const decodePayload = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

import type { Session } from './browser';
import type { Stack } from './stack';

/**
 * GraphQL sent to the gateway as the operator signed in on `session` (their latest token): what the store keeps
 * for them (preferences), read or cleared by a browser test without driving the screens.
 */
export async function asOperator<T>(
  stack: Stack,
  session: Session,
  query: string,
  variables: object = {},
): Promise<T> {
  const authorization = [...session.gatewayRequests].reverse().find((r) => r.headers.authorization)
    ?.headers.authorization;
  if (!authorization) throw new Error('La sesión no envió ningún pedido con token');
  const response = await fetch(stack.urls.gateway, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization, source: 'backoffice' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (body.errors?.length) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

export interface StoredPreference {
  key: string;
  value: unknown;
}

/** The operator's preferences, as the gateway answers them to that operator. */
export const storedPreferences = async (stack: Stack, session: Session) =>
  (await asOperator<{ preferences: StoredPreference[] }>(stack, session, '{ preferences { key value } }'))
    .preferences;

/** Removes one of the operator's preferences (a test leaves the store as it found it); a refusal throws. */
export async function clearPreference(stack: Stack, session: Session, key: string): Promise<void> {
  const { setPreference } = await asOperator<{ setPreference: { outcome: string; message: string | null } }>(
    stack,
    session,
    'mutation($key: String!) { setPreference(key: $key, value: null) { outcome message } }',
    { key },
  );
  if (setPreference.outcome !== 'SUCCESS')
    throw new Error(`${key}: ${setPreference.message ?? 'no se borró'}`);
}

/**
 * The saved views of a list's preference (`list.<area>.views`), as the operator sees them: one entry per view, in
 * the order they were saved; none when the preference is not there.
 */
export function storedViewList(value: unknown): { name: string; params: string }[] {
  if (!value || typeof value !== 'object') return [];
  return Object.values(value as Record<string, { name: string; params: string; at: number }>).sort(
    (a, b) => a.at - b.at,
  );
}

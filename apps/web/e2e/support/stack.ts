import { startStack, type Stack } from '../../../../scripts/stack.mjs';

export type { Stack };

/**
 * The whole product on free loopback ports: stubs, Keycloak emulator (fresh in-memory key), gateway and
 * this app's production server. Every package must be built first (`npm run build` at the root).
 */
export async function startTestStack(options: { accessTokenTtlSeconds?: number } = {}): Promise<Stack> {
  return startStack({ host: '127.0.0.1', keyFile: null, gatewayLogLevel: 'warn', ...options });
}

export interface RecordedUpstreamRequest {
  service: string;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

/** What the gateway sent to the REST services (the stubs record every request). */
export async function upstreamRequests(stack: Stack): Promise<RecordedUpstreamRequest[]> {
  const res = await fetch(`${stack.urls.stubs}/__admin/requests`);
  if (!res.ok) throw new Error(`/__admin/requests respondió ${res.status}`);
  return (await res.json()) as RecordedUpstreamRequest[];
}

export async function clearUpstreamRequests(stack: Stack): Promise<void> {
  await fetch(`${stack.urls.stubs}/__admin/requests`, { method: 'DELETE' });
}

import { readConfig } from '../config';
import { requestHeaders } from '../request-headers';
import { newTraceparent } from '../traceparent';

/** What /files calls need from the signed-in app: the token (never in a URL or cookie) and the gateway. */
export interface FileSession {
  getToken(): Promise<string>;
  /** The gateway's GraphQL URL (…/graphql); files live beside it at …/files. */
  gatewayUrl: string;
  /** The gateway said the session is gone (401). */
  onUnauthenticated?(): void;
}

let session: FileSession | null = null;

/** Called once by the app after sign-in (app/app.tsx). */
export function configureFileSession(value: FileSession | null): void {
  session = value;
}

export function currentFileSession(): FileSession {
  if (session) return session;
  throw new Error('Sesión de archivos no configurada');
}

/** `/retiros/1/xlsx` -> `https://gateway/files/retiros/1/xlsx`. */
export function filesUrl(path: string, gatewayUrl = session?.gatewayUrl ?? readConfig().gatewayUrl): string {
  const base = gatewayUrl.replace(/\/graphql\/?$/, '').replace(/\/+$/, '');
  return `${base}/files${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The headers of every /files call: the platform's, the bearer token and a new traceparent. */
export async function fileHeaders(current: FileSession): Promise<Record<string, string>> {
  const token = await current.getToken();
  const language = typeof navigator === 'undefined' ? undefined : navigator.language;
  return { ...requestHeaders(undefined, { token, language }), traceparent: newTraceparent() };
}

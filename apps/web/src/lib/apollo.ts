import {
  ApolloClient,
  ApolloLink,
  HttpLink,
  InMemoryCache,
  Observable,
  type StoreObject,
} from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { print } from '@apollo/client/utilities';
import { isUnauthenticated } from './errors';
import { takeEarlyAnswer } from './preload/early-request';
import { requestHeaders, sha256Hex, WEB_CLIENT_NAME } from './request-headers';
import { newTraceparent } from './traceparent';
import possibleTypesResult from './gql/possible-types';

export interface ApolloOptions {
  gatewayUrl: string;
  /** A valid access token (refreshed when about to expire). */
  getToken(): Promise<string>;
  /** Called when the gateway says the session is gone. */
  onUnauthenticated(): void;
  /** The browser language (navigator.language). */
  language?: string;
}

/**
 * Versioned entities (a payment or subscription shown in an older version) must not overwrite the
 * current one in the cache: the current version is keyed by id, older ones by id and version.
 */
function versionedKey(object: Readonly<StoreObject>): string | undefined {
  const id = object.id as string | undefined;
  if (id == null) return undefined;
  const typename = object.__typename as string;
  return object.isCurrentVersion === false && object.version != null
    ? `${typename}:${id}:v${String(object.version)}`
    : `${typename}:${id}`;
}

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    // Which types implement each interface, so the shared fragments on interfaces (lib/fragments) match.
    possibleTypes: possibleTypesResult.possibleTypes,
    typePolicies: {
      // One signed-in user per tab: any `me { ... }` selection reads and writes the same object.
      Me: { keyFields: [] },
      Payment: { keyFields: versionedKey },
      PayerSubscription: { keyFields: versionedKey },
      // A BIN lookup id is unique only within its list (brand 1 and card type 1 differ): kept inside its BIN.
      BinLookupItem: { keyFields: false },
      // One preference of the signed-in operator per key (lib/preferences).
      Preference: { keyFields: ['key'] },
    },
  });
}

/**
 * Hands an operation the answer of the request sent for it before Apollo loaded (lib/preload/early-request.ts: the
 * address's first query, same name, variables and text), so it is not asked twice; when that request failed, or
 * for any other operation, the operation goes on to the gateway.
 */
export const earlyAnswerLink = new ApolloLink((operation, forward) => {
  const early = takeEarlyAnswer({
    operationName: operation.operationName,
    variables: operation.variables,
    query: print(operation.query),
  });
  if (!early) return forward(operation);
  return new Observable<ApolloLink.Result>((observer) => {
    let closed = false;
    let sent: { unsubscribe(): void } | undefined;
    void early.then((answer) => {
      if (closed) return;
      if (!answer) {
        sent = forward(operation).subscribe(observer);
        return;
      }
      observer.next(answer as ApolloLink.Result);
      observer.complete();
    });
    return () => {
      closed = true;
      sent?.unsubscribe();
    };
  });
});

export function createApolloClient(options: ApolloOptions): ApolloClient {
  const language = options.language ?? (typeof navigator === 'undefined' ? undefined : navigator.language);

  const authLink = new SetContextLink(async (previous) => {
    const token = await options.getToken();
    return {
      headers: {
        ...requestHeaders(previous.headers as Record<string, string> | undefined, { token, language }),
        traceparent: newTraceparent(),
      },
    };
  });

  const errorLink = new ErrorLink(({ error }) => {
    if (isUnauthenticated(error)) options.onUnauthenticated();
  });

  const httpLink = new HttpLink({ uri: options.gatewayUrl });
  // Every operation by its hash alone: the gateway holds the web's documents (docs/decisions.md, "Trusted documents").
  const trustedLink = new PersistedQueryLink({ sha256: sha256Hex });

  return new ApolloClient({
    link: ApolloLink.from([errorLink, earlyAnswerLink, authLink, trustedLink, httpLink]),
    cache: createCache(),
    clientAwareness: { name: WEB_CLIENT_NAME },
  });
}

/**
 * Trusted documents for the web (docs/decisions.md, "Trusted documents"): codegen writes every operation the web
 * sends into `generated/web-documents.ts`, by the SHA-256 of its text as Apollo Client sends it. The web sends the
 * hash alone (Apollo's persisted-query protocol); the gateway runs the text it holds for that hash, and never stores
 * what a client sends (so no client can add a document, and every replica knows the same ones). With
 * `webTrustedDocumentsOnly` (production), a request naming the web's client runs only those documents; the sandbox and
 * other teams' clients send any document, within the limits.
 */
import type { ApolloServerOptions, ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { WEB_DOCUMENTS } from '../generated/web-documents.js';

/** The web's client name (Apollo Client's `clientAwareness.name`, sent as `apollographql-client-name`). */
export const WEB_CLIENT_NAME = 'backoffice-web';

type PersistedQueries = Exclude<ApolloServerOptions<object>['persistedQueries'], false | undefined>;

/** Apollo's persisted-query cache over the trusted documents, read-only: a known hash gives its text. */
export function trustedDocumentsCache(
  documents: ReadonlyMap<string, string> = WEB_DOCUMENTS,
): PersistedQueries {
  return {
    cache: {
      get: async (key: string) => documents.get(key.startsWith('apq:') ? key.slice('apq:'.length) : key),
      set: async () => undefined,
      delete: async () => true,
    },
    ttl: null,
  };
}

/** Refuses a document of the web's client that is not one of its trusted documents (400, nothing runs). */
export function webTrustedDocumentsPlugin<Context extends object>(
  documents: ReadonlyMap<string, string> = WEB_DOCUMENTS,
): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ request }) {
      if (request.http?.headers.get('apollographql-client-name') !== WEB_CLIENT_NAME) return;
      return {
        // Where Apollo answers a plugin's refusal with its status (a throw at the source's resolution is a 500).
        async didResolveOperation({ queryHash }) {
          if (documents.has(queryHash)) return;
          throw new GraphQLError(
            'La aplicación web solo envía sus propias consultas (documentos de confianza): esta no es una de ellas. Actualice la página.',
            { extensions: { code: 'TRUSTED_DOCUMENT_REQUIRED', http: { status: 400 } } },
          );
        },
      };
    },
  };
}

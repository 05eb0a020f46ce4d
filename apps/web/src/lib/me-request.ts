import { describeGatewayFailure } from './errors';
import type { Permission } from './permissions';
import { requestHeaders } from './request-headers';
import { newTraceparent } from './traceparent';

/**
 * The shell's one request: `me`, sent with `fetch` so the shell renders its menu without Apollo Client (Apollo
 * loads with the first screen, in parallel; issue 16). The very query Apollo would send for `app/me.graphql`
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

export interface MeRequestOptions {
  gatewayUrl: string;
  getToken(): Promise<string>;
  language?: string;
  fetch?: typeof fetch;
}

interface GatewayAnswer {
  data?: MeData | null;
  errors?: { message?: string; extensions?: { code?: string; field?: unknown } }[];
}

/** POSTs the `Me` query with the headers every gateway request carries (bearer token, source, locale, trace). */
export async function fetchMe(options: MeRequestOptions): Promise<MeData> {
  const token = await options.getToken();
  const language = options.language ?? (typeof navigator === 'undefined' ? undefined : navigator.language);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(options.gatewayUrl, {
      method: 'POST',
      headers: {
        ...requestHeaders(
          {
            'content-type': 'application/json',
            accept: 'application/graphql-response+json,application/json;q=0.9',
          },
          { token, language },
        ),
        traceparent: newTraceparent(),
      },
      body: JSON.stringify({ operationName: 'Me', variables: {}, query: ME_QUERY }),
    });
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

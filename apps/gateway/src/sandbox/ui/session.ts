import Keycloak from 'keycloak-js';

/** What the gateway tells the page (GET /sandbox/config.json). */
export interface SandboxSettings {
  graphqlPath: string;
  schemaPath: string | null;
  /** Every major the gateway serves, the current first: where its GraphQL and its printed SDL are. */
  majors: Array<{ label: string; graphqlPath: string; schemaPath: string | null }>;
  keycloak: { url: string; realm: string; clientId: string } | null;
}

export type SessionState =
  | { kind: 'none'; message: string; error?: boolean }
  | { kind: 'keycloak'; username: string }
  | { kind: 'token' };

/**
 * Where the sandbox's access token comes from: a pasted token (it wins) or a keycloak-js session against the
 * gateway's realm. keycloak-js keeps its tokens in memory; nothing about the session goes to storage.
 */
export class Session {
  private keycloak: Keycloak | null = null;
  private pasted = '';

  constructor(private readonly settings: SandboxSettings) {}

  /** Processes a sign-in callback if there is one; sends nothing to Keycloak otherwise. */
  async init(): Promise<SessionState> {
    const config = this.settings.keycloak;
    if (!config) return { kind: 'none', message: 'Sin Keycloak configurado: pegá un token.' };
    try {
      this.keycloak = new Keycloak(config);
      const authenticated = await this.keycloak.init({
        pkceMethod: 'S256',
        checkLoginIframe: false,
        responseMode: 'fragment',
      });
      return this.state(authenticated);
    } catch {
      this.keycloak = null;
      return {
        kind: 'none',
        message: `No se pudo contactar a Keycloak (${config.url}): pegá un token.`,
        error: true,
      };
    }
  }

  private state(authenticated: boolean): SessionState {
    if (this.pasted) return { kind: 'token' };
    if (authenticated && this.keycloak)
      return { kind: 'keycloak', username: String(this.keycloak.tokenParsed?.preferred_username ?? '?') };
    return { kind: 'none', message: 'Sin sesión' };
  }

  get canSignIn(): boolean {
    return this.keycloak !== null;
  }

  signIn(): Promise<void> {
    return this.keycloak?.login({ redirectUri: sandboxUrl() }) ?? Promise.resolve();
  }

  signOut(): Promise<void> {
    return this.keycloak?.logout({ redirectUri: sandboxUrl() }) ?? Promise.resolve();
  }

  usePastedToken(text: string): SessionState {
    this.pasted = text.trim().replace(/^Bearer\s+/i, '');
    return this.state(Boolean(this.keycloak?.authenticated));
  }

  /** A token valid for at least 30 more seconds, or null (never signed in, or the session ended). */
  async token(): Promise<string | null> {
    if (this.pasted) return this.pasted;
    const kc = this.keycloak;
    if (!kc?.authenticated) return null;
    try {
      await kc.updateToken(30);
      return kc.token ?? null;
    } catch {
      return null;
    }
  }
}

const sandboxUrl = () => `${window.location.origin}${window.location.pathname}`;

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The keycloak-js instances startAuth made, with the `init` each was asked for, which the test settles. */
const made: FakeKeycloak[] = [];

class FakeKeycloak {
  token?: string;
  refreshToken?: string;
  idToken?: string;
  timeSkew = 0;
  initOptions?: Record<string, unknown>;
  settleInit!: (authenticated: boolean) => void;
  updateToken = vi.fn(() => Promise.resolve(false));
  login = vi.fn(() => Promise.resolve());
  logout = vi.fn(() => Promise.resolve());
  onAuthRefreshSuccess?: () => void;
  onAuthRefreshError?: () => void;
  onAuthLogout?: () => void;
  onTokenExpired?: () => void;
  constructor() {
    made.push(this);
  }
  init(options: Record<string, unknown>) {
    this.initOptions = options;
    return new Promise<boolean>((resolve) => {
      this.settleInit = (authenticated) => {
        if (authenticated) {
          this.token = 'renewed';
          this.refreshToken = 'refresh-2';
        }
        resolve(authenticated);
      };
    });
  }
}

vi.mock('keycloak-js', () => ({ default: FakeKeycloak }));

const {
  allowLoginRedirect,
  jwtClaims,
  keptTokenUsable,
  LOGIN_REDIRECT_GUARD_MS,
  SessionEndedError,
  startAuth,
  tabSessionStore,
} = await import('../keycloak');
const { SESSION_CHANNEL, watchSessionEnd } = await import('../session-end');

/** A session storage in memory. */
const storage = () => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
};

function memory() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('allowLoginRedirect', () => {
  it('allows one redirect per guard window', () => {
    const storage = memory();
    expect(allowLoginRedirect(storage, 1_000_000)).toBe(true);
    expect(allowLoginRedirect(storage, 1_000_000 + LOGIN_REDIRECT_GUARD_MS - 1)).toBe(false);
    expect(allowLoginRedirect(storage, 1_000_000 + LOGIN_REDIRECT_GUARD_MS)).toBe(true);
  });

  it('allows redirects without storage', () => {
    expect(allowLoginRedirect(undefined, 5)).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
    };
    expect(allowLoginRedirect(broken, 5)).toBe(true);
  });
});

describe('tabSessionStore', () => {
  it('keeps the tokens a reload resumes the session with, and forgets them', () => {
    const memoryStorage = storage();
    const kept = tabSessionStore(memoryStorage);
    expect(kept.read()).toBeUndefined();
    kept.write({ token: 'a', refreshToken: 'r', idToken: 'i' });
    expect(kept.read()).toEqual({ token: 'a', refreshToken: 'r', idToken: 'i' });
    kept.write({ token: 'b', refreshToken: 'r2' });
    expect(kept.read()).toEqual({ token: 'b', refreshToken: 'r2' });
    kept.forget();
    expect(kept.read()).toBeUndefined();
    expect(memoryStorage.data.size).toBe(0);
  });

  it('keeps nothing without a refresh token, and reads nothing from an unreadable entry', () => {
    const memoryStorage = storage();
    const kept = tabSessionStore(memoryStorage);
    kept.write({ token: 'a', refreshToken: 'r' });
    kept.write({ token: 'a' });
    expect(kept.read()).toBeUndefined();
    for (const text of ['{', '"text"', '{"token":"a"}', '{"token":1,"refreshToken":"r"}']) {
      memoryStorage.data.set('auth.session', text);
      expect(kept.read()).toBeUndefined();
    }
  });

  it('works without storage or with a storage that throws', () => {
    expect(tabSessionStore(undefined).read()).toBeUndefined();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const kept = tabSessionStore(broken);
    expect(() => kept.write({ token: 'a', refreshToken: 'r' })).not.toThrow();
    expect(kept.read()).toBeUndefined();
    expect(() => kept.forget()).not.toThrow();
  });
});

/** An unsigned JWT with these claims (startAuth reads claims; the gateway verifies signatures). */
const jwt = (claims: Record<string, unknown>) =>
  ['{"alg":"none"}', JSON.stringify(claims)]
    .map((part) => Buffer.from(part).toString('base64url'))
    .join('.') + '.';

const config = {
  keycloakUrl: 'http://kc',
  realm: 'back-office',
  clientId: 'back-office-web',
  gatewayUrl: 'http://gw',
};
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The tab's session storage of each startAuth test. */
let tab: ReturnType<typeof storage>;
beforeEach(() => {
  made.length = 0;
  tab = storage();
  vi.stubGlobal('window', {
    location: { origin: 'http://web', href: 'http://web/pagos' },
    sessionStorage: tab,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const keep = (token: string, timeSkew?: number) =>
  tab.setItem(
    'auth.session',
    JSON.stringify({ token, refreshToken: 'refresh-1', ...(timeSkew === undefined ? {} : { timeSkew }) }),
  );

describe('jwtClaims and keptTokenUsable', () => {
  it('reads a token’s claims, and nothing from what is not a token', () => {
    expect(jwtClaims(jwt({ sub: 'u', name: 'Año Ñandú' }))).toEqual({ sub: 'u', name: 'Año Ñandú' });
    for (const text of [undefined, '', 'abc', 'a.%%%.c', `a.${Buffer.from('"x"').toString('base64url')}.c`]) {
      expect(jwtClaims(text)).toBeUndefined();
    }
  });

  it('counts a kept token usable while it has more than 30 s left by Keycloak’s clock', () => {
    const now = 1_000_000_000_000;
    const exp = now / 1000 + 31;
    expect(keptTokenUsable({ token: jwt({ exp }), refreshToken: 'r' }, now)).toBe(true);
    expect(keptTokenUsable({ token: jwt({ exp: exp - 1 }), refreshToken: 'r' }, now)).toBe(false);
    // The browser's clock runs 60 s ahead of Keycloak's: the token has 60 s more than the browser thinks.
    expect(keptTokenUsable({ token: jwt({ exp: exp - 60 }), refreshToken: 'r', timeSkew: 60 }, now)).toBe(
      true,
    );
    expect(keptTokenUsable({ token: 'not-a-token', refreshToken: 'r' }, now)).toBe(false);
  });
});

describe('startAuth on a tab with kept tokens', () => {
  it('signs in at once with a still valid kept token, which requests carry while keycloak-js resumes', async () => {
    const token = jwt({ exp: nowSeconds() + 300, preferred_username: 'admin' });
    keep(token);
    const auth = await startAuth(config); // resolves although keycloak-js has not answered
    expect(made).toHaveLength(1);
    expect(made[0]!.initOptions).toMatchObject({ token, refreshToken: 'refresh-1', checkLoginIframe: false });
    expect(auth.claims).toMatchObject({ preferred_username: 'admin' });
    expect(await auth.getToken()).toBe(token);

    made[0]!.settleInit(true);
    await vi.waitFor(() =>
      expect(JSON.parse(tab.getItem('auth.session')!)).toMatchObject({ token: 'renewed' }),
    );
    expect(await auth.getToken()).toBe('renewed'); // from keycloak-js now (refreshed by it when due)
    expect(made[0]!.updateToken).toHaveBeenCalledWith(30);
  });

  it('waits for keycloak-js when the kept token expires within 30 s (the refresh comes first)', async () => {
    keep(jwt({ exp: nowSeconds() + 20 }));
    let signedIn = false;
    const started = startAuth(config).then((auth) => {
      signedIn = true;
      return auth;
    });
    await vi.waitFor(() => expect(made[0]?.initOptions).toBeDefined());
    await Promise.resolve();
    expect(signedIn).toBe(false);
    made[0]!.settleInit(true);
    const auth = await started;
    expect(await auth.getToken()).toBe('renewed');
  });

  it('goes through the silent check and the login page when Keycloak refuses the kept session', async () => {
    keep(jwt({ exp: nowSeconds() + 300 }));
    const auth = await startAuth(config);
    made[0]!.settleInit(false); // the refresh token is refused: the session ended elsewhere
    await vi.waitFor(() => expect(made).toHaveLength(2));
    expect(tab.getItem('auth.session')).toBeNull();
    expect(made[1]!.initOptions).toMatchObject({ onLoad: 'check-sso' });
    made[1]!.settleInit(false); // no SSO session either
    await vi.waitFor(() =>
      expect(made[1]!.login).toHaveBeenCalledWith({ redirectUri: 'http://web/pagos', locale: 'es' }),
    );
    expect(auth.keycloak).toBe(made[1]);
  });
});

describe('a sign-out in another tab of the browser', () => {
  it('ends this tab: its tokens forgotten, no token for any request, the screen told', async () => {
    keep(jwt({ exp: nowSeconds() + 300, preferred_username: 'operador' }));
    const auth = await startAuth(config);
    made[0]!.settleInit(true);
    await vi.waitFor(() =>
      expect(JSON.parse(tab.getItem('auth.session')!)).toMatchObject({ token: 'renewed' }),
    );
    const told = vi.fn();
    auth.onEnded(told);
    auth.listenForSignOut(watchSessionEnd);
    expect(auth.ended).toBe(false);

    // Another tab's 'Cerrar Sesion' (the channel every tab of the browser listens on).
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    try {
      otherTab.postMessage({ t: 'signed-out', username: 'operador' });
      await vi.waitFor(() => expect(told).toHaveBeenCalledTimes(1));
    } finally {
      otherTab.close();
    }
    expect(auth.ended).toBe(true);
    await expect(auth.getToken()).rejects.toBeInstanceOf(SessionEndedError);
    expect(made[0]!.updateToken).not.toHaveBeenCalled();
    expect(tab.getItem('auth.session')).toBeNull();
  });
});

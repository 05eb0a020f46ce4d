import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { newSession, signIn, type Motion, type Session } from './browser';
import { pagesReport } from './failure-report';
import {
  resetStubs,
  signInStateDir,
  startTestStack,
  type OwnStack,
  type Stack,
  type TestStackOptions,
} from './stack';
import { workerBrowser, workerStack } from './worker';

/**
 * One browser file's setup: the stack (its worker's, or its own when `ownStack` is given), the stubs' full reset,
 * the worker's Chromium, and (with `role`) a page signed in as that role on `path`.
 */
export interface BrowserStackOptions {
  /** User of the file's main page (the test users' password is their name); none: no main page. */
  role?: string;
  /** Where the main page opens (default `/home`); a function is called when the file starts. */
  path?: string | (() => string);
  /** Run before the main page's first navigation (routes, request recorders). */
  prepare?: (session: Session) => void | Promise<void>;
  /** The stubs' full reset before the file (default true). */
  reset?: boolean;
  /** A stack of the file's own with these options (e.g. a short token lifetime), closed after the file. */
  ownStack?: TestStackOptions;
  /** How every profile of the file asks the app to move (default `reduced`; see `Motion`). */
  motion?: Motion;
}

export interface BrowserStack {
  readonly stack: Stack;
  readonly browser: Browser;
  /** The main page's session (only with `role`). */
  readonly session: Session;
  readonly page: Page;
  /**
   * Another profile signed in as `role` on `path` (restored from the role's saved state); the caller closes it.
   * `timezoneId`: the browser's zone (default Buenos Aires); `motion`: the file's unless given.
   */
  signedIn(
    role: string,
    path: string,
    prepare?: BrowserStackOptions['prepare'],
    options?: { timezoneId?: string; motion?: Motion },
  ): Promise<Session>;
  /** Runs `run` with another profile signed in as `role` on `path`, then closes it (also when `run` fails). */
  withSignedIn<T>(role: string, path: string, run: (session: Session) => Promise<T>): Promise<T>;
  /**
   * Inside a describe: a profile signed in as `role` on `path` for its tests, opened in beforeAll (then `ready`
   * runs on its page) and closed in afterAll.
   */
  profile(
    role: string,
    path: string,
    options?: { prepare?: BrowserStackOptions['prepare']; ready?: (page: Page) => Promise<unknown> },
  ): { readonly session: Session; readonly page: Page };
  /** A profile without cookies (an anonymous visitor, or a test that drives the login form); the caller closes it. */
  anonymous(): Promise<Session>;
}

/** The file holding `role`'s saved sign-in (cookies of the emulator's SSO session) for this stack. */
export const signInStateFile = (stack: Stack, role: string): string =>
  join(signInStateDir(stack.id), `${role}.json`);

/** Waits until the page shows the signed-in shell or the login form; says which. */
async function landing(page: Page): Promise<'shell' | 'login'> {
  const shell = page.getByTestId('signed-in-username');
  await shell.or(page.getByLabel('Usuario o email')).first().waitFor({ timeout: 60_000 });
  return (await shell.isVisible()) ? 'shell' : 'login';
}

/** Saves the profile's cookies only: local storage (UI preferences) must not pass from one file to another. */
async function saveSignInState(session: Session, file: string): Promise<void> {
  const { cookies } = await session.context.storageState();
  mkdirSync(join(file, '..'), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify({ cookies, origins: [] }));
  renameSync(partial, file);
}

/**
 * A profile signed in as `role` showing `path`. The first one of a role in a stack signs in through the login
 * page and saves its cookies; later ones start from them, and keycloak-js finds the SSO session with its
 * check-sso (no login page). If that session is over (the realm's idle timeout), it signs in again and saves.
 */
export async function openAs(
  browser: Browser,
  stack: Stack,
  role: string,
  path: string,
  prepare?: BrowserStackOptions['prepare'],
  { timezoneId, motion }: { timezoneId?: string; motion?: Motion } = {},
): Promise<Session> {
  const file = signInStateFile(stack, role);
  const saved = existsSync(file);
  const session = await newSession(browser, {
    gatewayUrl: stack.urls.gateway,
    ...(saved ? { storageState: file } : {}),
    ...(timezoneId ? { timezoneId } : {}),
    ...(motion ? { motion } : {}),
  });
  try {
    await prepare?.(session);
    await session.page.goto(`${stack.urls.web}${path}`);
    if (!saved || (await landing(session.page)) === 'login') {
      await signIn(session.page, role, role);
      await saveSignInState(session, file);
    }
    return session;
  } catch (error) {
    await session.close();
    throw error;
  }
}

const STACK_START_TIMEOUT_MS = 150_000;

/** Registers the file's beforeAll/afterAll; read the getters inside hooks and tests. */
export function useBrowserStack(options: BrowserStackOptions = {}): BrowserStack {
  let stack: Stack | undefined;
  let own: OwnStack | undefined;
  let browser: Browser | undefined;
  let session: Session | undefined;

  // Starting a stack (a gateway process, the emulator, stubs and web server) and Chromium: the worker's first file
  // does it (later files get them at once), as does a file with `ownStack`. Both start side by side in every worker
  // at the beginning of a run, on a 2-core machine that other runs may load: room beyond the other hooks'.
  beforeAll(async () => {
    const fileStack = options.ownStack
      ? startTestStack(options.ownStack).then((started) => (own = started))
      : workerStack();
    [stack, browser] = await Promise.all([fileStack, workerBrowser()]);
  }, STACK_START_TIMEOUT_MS);

  beforeAll(async () => {
    if (options.reset ?? true) await resetStubs(suite.stack);
    if (options.role) {
      const path = typeof options.path === 'function' ? options.path() : (options.path ?? '/home');
      session = await openAs(suite.browser, suite.stack, options.role, path, options.prepare, {
        ...(options.motion ? { motion: options.motion } : {}),
      });
    }
  });

  // A failed test's pages go to the log as they were (a flaky failure is read from the CI log, not reproduced).
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      if (browser) console.error(await pagesReport(browser, task.name));
    });
  });

  afterAll(async () => {
    await session?.close();
    // The browser is the worker's and outlives the file; the profiles the file left open (a failed test's) do not.
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
    await own?.close();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} no está iniciado (useBrowserStack)`);
    return value;
  };
  const suite: BrowserStack = {
    get stack() {
      return started(stack, 'La pila de pruebas');
    },
    get browser() {
      return started(browser, 'El navegador');
    },
    get session() {
      return started(session, 'La sesión principal (opción role)');
    },
    get page() {
      return started(session, 'La sesión principal (opción role)').page;
    },
    signedIn: (role, path, prepare, signedInOptions) =>
      openAs(started(browser, 'El navegador'), started(stack, 'La pila de pruebas'), role, path, prepare, {
        ...(options.motion ? { motion: options.motion } : {}),
        ...signedInOptions,
      }),
    async withSignedIn(role, path, run) {
      const other = await suite.signedIn(role, path);
      try {
        return await run(other);
      } finally {
        await other.close();
      }
    },
    profile(role, path, { prepare, ready } = {}) {
      let profile: Session | undefined;
      beforeAll(async () => {
        profile = await suite.signedIn(role, path, prepare);
        await ready?.(profile.page);
      });
      afterAll(async () => {
        await profile?.close();
      });
      return {
        get session() {
          return started(profile, `El perfil de ${role}`);
        },
        get page() {
          return started(profile, `El perfil de ${role}`).page;
        },
      };
    },
    anonymous: () =>
      newSession(started(browser, 'El navegador'), {
        gatewayUrl: started(stack, 'La pila de pruebas').urls.gateway,
        ...(options.motion ? { motion: options.motion } : {}),
      }),
  };
  return suite;
}

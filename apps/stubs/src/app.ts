/**
 * The HTTP application: every service mounted under its prefix, request recording, fault injection,
 * idempotency, the test/admin endpoints under `/__admin` and `/healthz`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import express, { type NextFunction, type Request, type Response } from 'express';
import { badRequest, HttpError, internalError, notFound } from './lib/errors.js';
import { canonicalJson, send, sendJson, toJson } from './lib/json.js';
import { Faults, type FaultConfig } from './lib/faults.js';
import { ForcedFailures, parseForcedFailure } from './lib/forced-failures.js';
import {
  checkMethod,
  checkPath,
  checkService,
  createCatalogue,
  routesOf,
  type Catalogue,
  type PathMatcher,
} from './lib/operations.js';
import { derivePrng } from './lib/prng.js';
import { parseRequestFilter, Recorder } from './lib/recorder.js';
import { seedRecords } from './lib/seed-records.js';
import { startOfTodayAr } from './lib/dates.js';
import type { ActionResult, ServiceContext, ServiceModule, Stores } from './lib/service.js';
import { SERVICES } from './services/registry.js';

export const DEFAULT_SEED = 1521;

interface StoredResponse {
  fingerprint: string;
  status: number;
  json: string;
}

/**
 * The header that names a test's namespace (the gateway forwards it as it comes, like x-request-id): the data, the
 * request log, the faults, the forced failures and the idempotency keys of a namespace are its own, so tests run in
 * parallel against one server without seeing each other's. Without it: the default namespace.
 */
export const NAMESPACE_HEADER = 'x-test-namespace';

/** A namespace's name: what a request id may be (letters, digits, `.`, `_`, `:`, `-`), shorter. */
const NAMESPACE_NAME = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Namespaces kept besides the default one: each holds its own seeded data (about 20 MB, seeded on first use). Past this the one used least
 * recently is dropped; used again, it starts from the seeded data, as after a reset.
 */
export const MAX_NAMESPACES = 16;

/** What a namespace keeps apart from the others. */
export interface NamespaceState {
  readonly recorder: Recorder;
  readonly faults: Faults;
  /** Deterministic per-item failures of chosen write operations (`/__admin/failures`). */
  readonly failures: ForcedFailures;
  stores: Stores;
  /**
   * The stores back to the seeded data and recorded requests, faults, forced failures and idempotency keys
   * cleared. The data is seeded again only when a request may have changed it since it was seeded (see
   * `noteRequest`) or the day changed (seeded dates are relative to it).
   */
  reset(): void;
  /**
   * Called for every request to a service: one that is not a read (GET, HEAD, OPTIONS) may change the stores.
   * Only writes change them (reads never do; export jobs advance on timers their POST started), so a reset
   * after reads keeps the stores as they are: seeding takes hundreds of ms, and tests reset before each test.
   */
  noteRequest(method: string): void;
  /** Stored answers by service and idempotency key. */
  readonly idempotency: Map<string, StoredResponse>;
}

/** The server's state: its own fields are the default namespace's (what a request without a namespace uses). */
export interface StubState extends NamespaceState {
  readonly seed: number;
  /** Base latency added to every service request (not cleared by reset). */
  baseLatencyMs: number;
  /** Timers of delayed responses, cleared on close. */
  readonly timers: Set<NodeJS.Timeout>;
  /**
   * The namespace named `name` (undefined or '' is the default one), seeded on first use; a name that is not one
   * is refused with 400 `invalid_namespace`.
   */
  namespace(name: string | undefined): NamespaceState;
  /** The namespace of the request being served (the default one outside a request). */
  current(): NamespaceState;
  /** Runs `serve` as a request of namespace `namespace` (what it schedules, e.g. an export's timers, too). */
  within(namespace: NamespaceState, serve: () => void): void;
}

/** Seeds the services in dependency order. */
function seedAll(seed: number, services: readonly ServiceModule[], today: number): Stores {
  const built = new Map<string, unknown>();
  const stores: Stores = {
    get<S>(service: string): S {
      if (!built.has(service)) throw new Error(`Store ${service} not seeded`);
      return built.get(service) as S;
    },
  };
  const pending = [...services];
  while (pending.length > 0) {
    const index = pending.findIndex((service) => (service.dependsOn ?? []).every((name) => built.has(name)));
    if (index < 0)
      throw new Error(`Circular or missing service dependency among ${pending.map((s) => s.name)}`);
    const [service] = pending.splice(index, 1) as [ServiceModule];
    built.set(service.name, service.seed({ seed, today, stores, rng: derivePrng(seed, service.name) }));
  }
  return stores;
}

function errorBody(error: HttpError): string {
  return toJson(error.toBody());
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function createNamespace(seed: number): NamespaceState {
  let seededDay = startOfTodayAr();
  let written = false;
  const state: NamespaceState = {
    recorder: new Recorder(),
    faults: new Faults(seed),
    failures: new ForcedFailures(),
    stores: seedAll(seed, SERVICES, seededDay),
    idempotency: new Map(),
    noteRequest(method) {
      if (!READS.has(method)) written = true;
    },
    reset() {
      const today = startOfTodayAr();
      if (written || today !== seededDay) {
        state.stores = seedAll(seed, SERVICES, today);
        seededDay = today;
        written = false;
      }
      state.recorder.clear();
      state.faults.clear();
      state.failures.clear();
      state.idempotency.clear();
    },
  };
  return state;
}

/** `maxNamespaces`: the namespaces kept besides the default one (MAX_NAMESPACES; fewer in a test). */
export function createState(seed: number, baseLatencyMs: number, maxNamespaces = MAX_NAMESPACES): StubState {
  const others = new Map<string, NamespaceState>();
  const serving = new AsyncLocalStorage<NamespaceState>();
  const state: StubState = Object.assign(createNamespace(seed), {
    seed,
    baseLatencyMs,
    timers: new Set<NodeJS.Timeout>(),
    namespace(name: string | undefined): NamespaceState {
      if (name === undefined || name === '') return state;
      if (!NAMESPACE_NAME.test(name)) {
        throw badRequest(
          'invalid_namespace',
          `${NAMESPACE_HEADER}: "${name.slice(0, 80)}" no es un nombre de espacio de pruebas (letras, dígitos, '.', '_', ':', '-'; hasta 64).`,
        );
      }
      let namespace = others.get(name);
      if (namespace) others.delete(name);
      else namespace = createNamespace(seed);
      // Map order is the order of use: the first key is the one used least recently.
      others.set(name, namespace);
      if (others.size > maxNamespaces) others.delete(others.keys().next().value!);
      return namespace;
    },
    current: () => serving.getStore() ?? state,
    within: (namespace: NamespaceState, serve: () => void) => serving.run(namespace, serve),
  });
  return state;
}

/** The name a request gives: its header, or (admin calls only) the `namespace` query parameter; '' for none. */
function namespaceNameOf(req: Request, query: boolean): string {
  const param = query && typeof req.query.namespace === 'string' ? req.query.namespace : undefined;
  return req.get(NAMESPACE_HEADER) ?? param ?? '';
}

/** The namespace a request names (namespaceNameOf). */
function namespaceOf(state: StubState, req: Request, query: boolean): NamespaceState {
  return state.namespace(namespaceNameOf(req, query));
}

function serviceContext(
  state: StubState,
  service: ServiceModule,
  catalogue: Catalogue,
): ServiceContext<unknown> {
  const operations = new Set<string>();
  catalogue.operations.set(service.name, operations);
  return {
    store: () => state.current().stores.get(service.name),
    stores: { get: <S>(name: string): S => state.current().stores.get<S>(name) },
    forcedFailureOf: (operation: string) => {
      operations.add(operation);
      return (id: string) => state.current().failures.match(service.name, operation, id);
    },
    idempotent: (handler: (req: Request) => ActionResult) => (req: Request, res: Response) => {
      const run = (): ActionResult => {
        try {
          return handler(req);
        } catch (error) {
          if (error instanceof HttpError) return { status: error.status, body: error.toBody() };
          throw error;
        }
      };
      const key = req.get('idempotency-key');
      if (!key) {
        const result = run();
        send(res, result.status, result.body);
        return;
      }
      const store = state.current().idempotency;
      const storeKey = `${service.name}\u0000${key}`;
      const fingerprint = `${req.method} ${req.path}\u0000${canonicalJson(req.body ?? null)}`;
      const previous = store.get(storeKey);
      if (previous) {
        if (previous.fingerprint !== fingerprint) {
          sendJson(
            res,
            409,
            toJson({
              code: 'conflict',
              extended_code: 'idempotency_key_reused',
              message: 'La clave de idempotencia ya se usó con otra solicitud.',
            }),
          );
          return;
        }
        res.setHeader('idempotent-replayed', 'true');
        sendJson(res, previous.status, previous.json);
        return;
      }
      const result = run();
      const json = toJson(result.body);
      if (result.status < 500) store.set(storeKey, { fingerprint, status: result.status, json });
      sendJson(res, result.status, json);
    },
  };
}

/** Validates `POST /__admin/faults`: {service, method?, path?, latencyMs?, errorRate?, hangRate?}. */
function parseFault(
  body: unknown,
  catalogue: Catalogue,
): { config: FaultConfig; matches: PathMatcher | null } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest(
      'invalid_body',
      'Se espera un objeto {service, method?, path?, latencyMs?, errorRate?, hangRate?}.',
    );
  }
  const { latencyMs = 0, errorRate = 0, hangRate = 0, ...raw } = body as Record<string, unknown>;
  const service = checkService(catalogue, raw.service, true);
  const method = checkMethod(raw.method);
  const matches = raw.path === undefined ? null : checkPath(catalogue, service, method, raw.path);
  if (typeof latencyMs !== 'number' || !Number.isFinite(latencyMs) || latencyMs < 0 || latencyMs > 600_000) {
    throw badRequest('invalid_body', 'latencyMs debe ser un número entre 0 y 600000.');
  }
  for (const [name, rate] of [
    ['errorRate', errorRate],
    ['hangRate', hangRate],
  ] as const) {
    if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1)) {
      throw badRequest('invalid_body', `${name} debe ser un número entre 0 y 1.`);
    }
  }
  const config: FaultConfig = {
    service,
    ...(method ? { method } : {}),
    ...(typeof raw.path === 'string' ? { path: raw.path } : {}),
    latencyMs,
    errorRate: errorRate as number,
    hangRate: hangRate as number,
  };
  return { config, matches };
}

/** What the server that embeds the stubs does besides them (the test stack: the gateway's store). */
export interface StubHooks {
  /**
   * After each `POST /__admin/reset`, with the namespace's name ('' for the default one): the reset answers once it
   * settles, `502` `reset_hook_failed` when it fails (the test stack clears the gateway's rows of that namespace).
   */
  onReset?: (namespace: string) => Promise<void>;
}

function adminRouter(state: StubState, catalogue: Catalogue, hooks: StubHooks): express.Router {
  const router = express.Router();
  // Each call acts on the namespace it names (header or ?namespace=), the default one without.
  const of = (req: Request) => namespaceOf(state, req, true);
  router.post('/reset', async (req, res) => {
    of(req).reset();
    try {
      await hooks.onReset?.(namespaceNameOf(req, true));
    } catch (error) {
      send(res, 502, {
        code: 'reset_hook_failed',
        message: `Se restablecieron los servicios, pero no el almacenamiento del gateway: ${String(error)}`,
      });
      return;
    }
    send(res, 200, { status: 'ok', seed: state.seed });
  });
  router.get('/requests', (req, res) => {
    const { keep, limit } = parseRequestFilter(req.query, catalogue);
    res.json(of(req).recorder.list(keep, limit));
  });
  // WireMock's verification: how many requests matched, e.g. "the gateway called cancelar exactly once".
  router.get('/requests/count', (req, res) => {
    const { keep } = parseRequestFilter(req.query, catalogue);
    res.json({ count: of(req).recorder.list(keep).length });
  });
  router.delete('/requests', (req, res) => {
    of(req).recorder.clear();
    res.status(204).end();
  });
  router.get('/faults', (req, res) => {
    res.json(of(req).faults.list());
  });
  router.post('/faults', (req, res) => {
    const { config, matches } = parseFault(req.body, catalogue);
    const { faults } = of(req);
    faults.set(config, matches);
    res.json(faults.list());
  });
  router.delete('/faults', (req, res) => {
    of(req).faults.clear();
    res.status(204).end();
  });
  router.get('/failures', (req, res) => {
    res.json(of(req).failures.list());
  });
  router.post('/failures', (req, res) => {
    const { failure, matches } = parseForcedFailure(req.body, catalogue);
    const { failures } = of(req);
    failures.add(failure, matches);
    res.json(failures.list());
  });
  router.delete('/failures', (req, res) => {
    of(req).failures.clear();
    res.status(204).end();
  });
  // A team's own records in its namespace, until its next reset (lib/seed-records.ts).
  router.post('/seed', (req, res) => {
    const namespace = of(req);
    const added = seedRecords(namespace.stores, req.body, catalogue);
    namespace.noteRequest('POST');
    send(res, 201, added);
  });
  return router;
}

export function createApp(state: StubState, hooks: StubHooks = {}): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const json = express.json({ limit: '5mb', strict: false });

  app.get('/healthz', (_req, res) => {
    send(res, 200, { status: 'ok' });
  });
  const catalogue = createCatalogue();
  app.use('/__admin', json, adminRouter(state, catalogue, hooks));

  for (const service of SERVICES) {
    const context = serviceContext(state, service, catalogue);
    const routes = service.routes(context);
    catalogue.services.push(service.name);
    catalogue.routes.set(service.name, routesOf(service.name, routes));
    app.use(
      `/${service.name}`,
      // Record first, so malformed and faulted requests are visible too.
      (req: Request, _res: Response, next: NextFunction) => {
        const entry = {
          service: service.name,
          method: req.method,
          path: req.originalUrl.split('?')[0] ?? req.originalUrl,
          query: { ...(req.query as Record<string, unknown>) },
          headers: { ...req.headers },
          body: null as unknown,
          at: new Date().toISOString(),
        };
        const namespace = namespaceOf(state, req, false);
        namespace.recorder.add(entry);
        namespace.noteRequest(req.method);
        Object.assign(req, { recorded: entry, namespace });
        next();
      },
      json,
      (req: Request, res: Response, next: NextFunction) => {
        const { recorded, namespace } = req as Request & {
          recorded: { body: unknown; path: string };
          namespace: NamespaceState;
        };
        recorded.body = req.body ?? null;
        const { path } = recorded;
        const decision = namespace.faults.decide(service.name, req.method, path);
        if (decision.outcome === 'hang') return; // never answers; close() destroys the socket
        const proceed = (): void => {
          if (decision.outcome === 'error') {
            throw internalError('injected_fault', 'Falla inyectada por el simulador.');
          }
          // A method/path forced failure answers before the route, so it changes nothing.
          const forced = namespace.failures.matchRequest(service.name, req.method, path);
          if (forced) throw forced;
          // The routes (and what they schedule) read and change this namespace's data (state.current()).
          state.within(namespace, next);
        };
        const delay = state.baseLatencyMs + decision.latencyMs;
        if (delay <= 0) return proceed();
        const timer = setTimeout(() => {
          state.timers.delete(timer);
          try {
            proceed();
          } catch (error) {
            next(error);
          }
        }, delay);
        state.timers.add(timer);
      },
      routes,
    );
  }

  app.use((req: Request) => {
    throw notFound('route_not_found', `No existe la ruta ${req.method} ${req.path}.`);
  });
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    if (error instanceof HttpError) return sendJson(res, error.status, errorBody(error));
    const status = (error as { status?: number; type?: string }).status;
    if ((error as { type?: string }).type === 'entity.parse.failed') {
      return sendJson(res, 400, errorBody(badRequest('invalid_json', 'El cuerpo no es JSON válido.')));
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendJson(res, status, errorBody(badRequest('invalid_request', 'Solicitud inválida.')));
    }
    console.error(error);
    return sendJson(res, 500, errorBody(internalError('unexpected_error', 'Error interno del simulador.')));
  });
  return app;
}

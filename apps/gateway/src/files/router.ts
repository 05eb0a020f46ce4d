/**
 * `/files`: the one file capability of the gateway. Each route a module declares (types.ts) is served here with
 * the GraphQL endpoint's rules, checked in this order and each refusal answered before any upstream call:
 * bearer token (401), permission any-of like `@auth` (403), parameters (400), then for an upload its
 * Content-Length (413), a place among the uploads in flight (429, upload-slots.ts), type by extension (415), size
 * while streaming (413), a body that stops coming (408) and content (415). A download streams the upstream body to
 * the browser with the file name, its status and headers sent with its first byte (a source that fails before it
 * is answered as a refusal); an upload is forwarded as multipart with the same token and answers the upstream's
 * JSON. Every call writes one audit event, allowed or denied.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLError } from 'graphql';
import type { AuthUser } from '../auth/verify-token.js';
import type { AuditEvent, AuditResult } from '../audit/audit-plugin.js';
import { clientAddress, perSourceBudget } from '../audit/line-budget.js';
import type { GatewayConfig } from '../config.js';
import type { ServiceName } from '../services.js';
import { operatorLocale } from '../operator-locale.js';
import type { OperatorGate } from '../http/operator-gate.js';
import { localsOf, sendJson } from '../http/plain.js';
import { methodIs, routeMatcher, type RouteParams } from '../http/routes.js';
import type { Logger } from '../logger.js';
import { GENERIC_ERROR_MESSAGE, withCode } from '../upstream/error-catalogue.js';
import {
  UpstreamError,
  UpstreamTimeout,
  isServiceFault,
  isUpstreamFailure,
  upstreamFaultFields,
  type UpstreamUnavailable,
} from '../upstream/errors.js';
import { FORM_OVERHEAD_BYTES, checkUploadHeaders, parseUpload } from './multipart.js';
import {
  FileRefusal,
  badRequest,
  gateRefusal,
  notFound,
  sendRefusal,
  upstreamRefusal,
  zipRefusal,
} from './refusals.js';
import { neutralisedCsv } from './csv-formulas.js';
import { callUpstream, type FileCall, type FileCallContext } from './upstream-call.js';
import { uploadSlots } from './upload-slots.js';
import { zipProblem } from './zip-check.js';
import { STORE_UNAVAILABLE_MESSAGE, type StoreHandle } from '../activity/store-handle.js';
import type {
  DownloadDefinition,
  DownloadInput,
  FileRoute,
  ParamRule,
  UploadDefinition,
  UpstreamTarget,
} from './types.js';

export interface FilesRouterOptions {
  config: GatewayConfig;
  /** The operator check and rate limit /graphql goes through too (http/operator-gate.ts). */
  gate: OperatorGate;
  logger: Logger;
  routes: readonly FileRoute[];
  /** The fetch used for upstream calls (tests); default the global one. */
  fetch?: typeof fetch;
  /** The gateway's own store, read by producing downloads (`produce`). */
  store?: StoreHandle | null;
  /**
   * An upload that reached its service (success, or the service's refusal or silence): an operator's action, handed to
   * the activity like a mutation's (issue 64: an import upload is in 'Actividad').
   */
  onUpload?: (event: AuditEvent) => void;
}

/** A request to a route, with its path parameters. */
type Request = IncomingMessage & { params: RouteParams };
type Response = ServerResponse;
type RequestHandler = (req: Request, res: Response) => Promise<void>;

/** What the access log reads of a file call (server.ts sets the request id). */
interface FileLocals {
  requestId: string;
  testNamespace?: string | null;
  user: AuthUser;
}

const requestIdOf = (res: Response): string => String(localsOf<FileLocals>(res).requestId ?? '');

/**
 * Serves a request under /files: `path` is the part below it ('/retiros/1/csv'). CORS is the caller's (server.ts);
 * a malformed parameter is thrown (a 400 the caller answers).
 */
export type FilesHandler = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>;

/** An identifier: what a parameter without its own rule must be. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/**
 * After a refusal decided before the body (token, permission, parameters, headers: a declared length over the
 * limit), at most this much of the body still coming is read and discarded before the connection is closed.
 */
const EARLY_DRAIN_BYTES = 256 * 1024;
/** Longest a refused body is drained (ms) before its connection is closed. */
const DRAIN_MS = 5_000;
/** Parameters and fields named like ids go to the audit event's targetIds. */
const ID_KEY = /^(?:id|.*Id|.*_id)$/;

/** A refusal as it is, anything else a 400 (its text for the log only). */
const asRefusal = (error: unknown): FileRefusal =>
  error instanceof FileRefusal ? error : badRequest('La solicitud no es válida.', String(error));

const allowed = (value: string, rule: ParamRule): boolean =>
  Array.isArray(rule) ? rule.includes(value) : (rule as Exclude<ParamRule, readonly string[]>).test(value);

const ruleText = (rule: ParamRule): string =>
  Array.isArray(rule)
    ? `: debe ser ${rule.length > 1 ? `${rule.slice(0, -1).join(', ')} o ${rule.at(-1)}` : rule[0]}`
    : '';

/** The route's path parameters, each checked against its rule (400 otherwise). */
function checkedParams(
  req: Request,
  rules: Readonly<Record<string, ParamRule>> = {},
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, raw] of Object.entries(req.params)) {
    const value = Array.isArray(raw) ? raw.join('/') : raw;
    const rule = rules[name];
    if (!(rule ? allowed(value, rule) : ID_PATTERN.test(value))) {
      throw badRequest(`El parámetro "${name}" no es válido${rule ? ruleText(rule) : ''}.`);
    }
    params[name] = value;
  }
  return params;
}

/** The declared query parameters present, each checked against its rule (400 otherwise); others ignored. */
function checkedQuery(req: Request, rules: Readonly<Record<string, ParamRule>> = {}): Record<string, string> {
  const query: Record<string, string> = {};
  const url = new URL(req.url ?? '/', 'http://gateway.invalid');
  for (const [name, rule] of Object.entries(rules)) {
    const values = url.searchParams.getAll(name);
    if (values.length === 0) continue;
    if (values.length > 1 || !allowed(values[0]!, rule)) {
      throw badRequest(`El parámetro "${name}" no es válido${ruleText(rule)}.`);
    }
    query[name] = values[0]!;
  }
  return query;
}

/** Content-Disposition with the file name: an ASCII fallback and the RFC 5987 UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A CSV by its type or, when the service says nothing useful, by its name. */
export const isCsv = (contentType: string, fileName: string): boolean =>
  /^\s*(?:text|application)\/(?:csv|comma-separated-values)\b/i.test(contentType) || /\.csv$/i.test(fileName);

/** The file name an upstream Content-Disposition carries, if any (UTF-8 form first). */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const utf8 = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1].trim());
    } catch {
      /* fall back to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/**
 * Writes a file's body, a CSV's formulas made inert on the way (csv-formulas.ts): the status and `headers` go with
 * its first byte, so a source that fails before it (an upstream that answers and then breaks or stalls, a store
 * query) throws here with nothing sent, and is answered as a Spanish refusal instead of a 200 cut short.
 */
async function sendBody(
  res: ServerResponse,
  source: AsyncIterable<string | Uint8Array>,
  csv: boolean,
  headers: () => void,
): Promise<void> {
  const chunks = (csv ? neutralisedCsv(source) : source)[Symbol.asyncIterator]();
  const first = await chunks.next();
  res.statusCode = 200;
  headers();
  const rest = (async function* () {
    if (!first.done) yield first.value;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  })();
  await pipeline(Readable.from(rest), res);
}

interface CallState {
  operation: string;
  user: AuthUser | null;
  permissionUsed: string | null;
  targetIds: string[];
}

export function filesRouter(options: FilesRouterOptions): FilesHandler {
  const { config, gate, logger } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const takeUploadSlot = uploadSlots(config.uploads);

  const audit = (
    res: Response,
    state: CallState,
    result: AuditResult,
    errorCode: string | null,
  ): AuditEvent => {
    const event: AuditEvent = {
      event: 'audit',
      user: state.user?.username ?? null,
      permissionUsed: result === 'denied' ? null : state.permissionUsed,
      operation: state.operation,
      operationName: null,
      targetIds: state.targetIds,
      reason: null,
      result,
      errorCode,
      requestId: requestIdOf(res),
    };
    (logger.audit ?? logger.info)('audit', { ...event });
    return event;
  };
  /** An upload's event to the activity too (downloads read; they are not actions). */
  const recordUpload = (event: AuditEvent) => {
    if (event.operation.startsWith('POST ')) options.onUpload?.(event);
  };

  const resultOf = (refusal: FileRefusal): AuditResult =>
    refusal.status === 401 || refusal.status === 403
      ? 'denied'
      : refusal.code === 'UPSTREAM_TIMEOUT' && refusal.status === 504
        ? 'unknown'
        : 'failed';

  /**
   * A refusal of a call that sent nothing upstream is audited within a budget per source (the operator, or the
   * client's address without one) and minute, then summarised (issue 61): a flood of bad calls writes a line a
   * minute. A refusal of what a service answered is always audited.
   */
  const perMinute = config.refusalLinesPerMinute;
  const refusalLines = perSourceBudget(
    (source, count, periodSeconds) =>
      (logger.audit ?? logger.info)('audit', {
        event: 'refusals_suppressed',
        source,
        count,
        periodSeconds,
        perMinute,
      }),
    perMinute,
  );
  /** Whether a refusal's lines are written one by one (else counted for the source's summary). */
  const refusalWritten = (res: Response, state: CallState): boolean =>
    refusalLines.admit(state.user ? `user:${state.user.username}` : `ip:${clientAddress(res.req)}`);

  const refuse = (res: Response, state: CallState, refusal: FileRefusal, fromUpstream = false) => {
    if (fromUpstream) recordUpload(audit(res, state, resultOf(refusal), refusal.code));
    else if (refusalWritten(res, state)) audit(res, state, resultOf(refusal), refusal.code);
    sendRefusal(res, refusal);
  };

  /** An upstream failure refused in Spanish; a service's 5xx keeps its codes in the log (not in the answer). */
  const refuseUpstream = (
    res: Response,
    state: CallState,
    error: UpstreamError | UpstreamTimeout | UpstreamUnavailable,
    write: boolean,
  ) => {
    if (error instanceof UpstreamError && isServiceFault(error.status)) {
      const [method = '', path = ''] = state.operation.split(' ');
      logger.warn('upstream fault', upstreamFaultFields(error, method, path));
    }
    refuse(res, state, upstreamRefusal(error, write), true);
  };

  /** The operator gate (token, rate limit, permission); sets the operator on the state. */
  const authorize = async (
    req: IncomingMessage,
    res: Response,
    state: CallState,
    requires?: readonly string[],
  ) => {
    const outcome = await gate.check(req, res, requires);
    state.user = outcome.user;
    if (outcome.refusal) throw gateRefusal(outcome.refusal);
    state.permissionUsed = outcome.permission;
    return outcome.user;
  };

  const callContext = (req: IncomingMessage, res: Response, user: AuthUser): FileCallContext => ({
    config,
    token: user.token,
    requestId: requestIdOf(res),
    testNamespace: localsOf<FileLocals>(res).testNamespace ?? null,
    locale: operatorLocale(req.headers.locale, req.headers['accept-language']),
    fetch: fetchImpl,
  });

  const idsOf = (values: Record<string, string>) =>
    Object.entries(values)
      .filter(([key]) => ID_KEY.test(key))
      .map(([, value]) => value.slice(0, 128));

  const storeOf = () => {
    const store = options.store?.current();
    if (!store) throw new FileRefusal(503, 'STORE_UNAVAILABLE', STORE_UNAVAILABLE_MESSAGE);
    return store;
  };

  /**
   * A service's JSON answer for a producing download, read whole within the upstream timeout (headers and body).
   */
  const readJson = async (context: FileCallContext, target: UpstreamTarget): Promise<unknown> => {
    const call = await callUpstream(context, target, {
      method: 'GET',
      accept: 'application/json',
      timeoutMs: config.upstreamTimeoutMs,
    });
    const timeout = new UpstreamTimeout(target.service, 'GET', target.path, config.upstreamTimeoutMs);
    const timer = setTimeout(() => call.abort(timeout), config.upstreamTimeoutMs);
    try {
      const body: unknown = await call.response.json();
      call.finish('ok');
      return body;
    } catch (error) {
      call.finish(error === timeout ? 'timeout' : 'error');
      if (error === timeout) throw timeout;
      throw new UpstreamError(target.service, 502, null, null, null, context.requestId);
    } finally {
      clearTimeout(timer);
    }
  };

  /**
   * A file the gateway writes itself: what it reads (the store, a service) is asked before the first byte (its
   * first chunk comes after its first read), a CSV's formulas made inert.
   */
  const sendProduced = async (
    res: Response,
    definition: DownloadDefinition,
    input: { params: Record<string, string>; query: Record<string, string> },
    context: FileCallContext,
  ) => {
    const file = definition.produce!(input, {
      store: storeOf,
      storeNamespace: context.testNamespace ?? '',
      readJson: (target) => readJson(context, target),
    });
    const name = definition.fileName!(input);
    await sendBody(res, file.body, isCsv(file.contentType, name), () => {
      res.setHeader('content-type', file.contentType);
      res.setHeader('content-disposition', contentDisposition(name));
    });
  };

  /**
   * The route's own refusal for a service's refusal of the request (`explainRefusal`), read with the operator's
   * token; null when it has none, or when the reading failed (the service's refusal stands).
   */
  const explainedRefusal = async (
    definition: DownloadDefinition,
    error: UpstreamError,
    input: DownloadInput,
    context: FileCallContext,
    service: ServiceName,
  ): Promise<FileRefusal | null> => {
    if (!definition.explainRefusal || ![400, 409, 422].includes(error.status)) return null;
    const read = async (path: string): Promise<unknown> => {
      const call = await callUpstream(
        context,
        { service, path },
        { method: 'GET', accept: 'application/json', timeoutMs: config.upstreamTimeoutMs },
      );
      try {
        const body: unknown = await call.response.json();
        call.finish('ok');
        return body;
      } catch (readError) {
        call.finish('error');
        throw readError;
      }
    };
    try {
      const text = await definition.explainRefusal(
        { status: error.status, extendedCode: error.extendedCode },
        input,
        read,
      );
      return text
        ? new FileRefusal(
            422,
            'UPSTREAM_REJECTED',
            withCode(text.message, text.extendedCode),
            text.extendedCode,
          )
        : null;
    } catch (readError) {
      logger.warn('download refusal not explained', {
        requestId: context.requestId,
        operation: `GET /files${definition.route}`,
        error: String(readError),
      });
      return null;
    }
  };

  /**
   * An upstream file's body, chunk by chunk: a wait of more than the read timeout for the next chunk aborts the call
   * (UpstreamTimeout). Only the wait for the service is timed, not a browser slow to read what it was given.
   */
  async function* watchedBody(call: FileCall, target: UpstreamTarget) {
    const { body } = call.response;
    if (!body) return;
    const chunks = (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
    let idle: NodeJS.Timeout | undefined;
    try {
      for (;;) {
        idle = setTimeout(
          () => call.abort(new UpstreamTimeout(target.service, 'GET', target.path, config.upstreamTimeoutMs)),
          config.upstreamTimeoutMs,
        );
        const next = await chunks.next();
        clearTimeout(idle);
        if (next.done) return;
        yield next.value;
      }
    } finally {
      clearTimeout(idle);
    }
  }

  const download = (definition: DownloadDefinition): RequestHandler => {
    const operation = `GET /files${definition.route}`;
    return async (req, res) => {
      const state: CallState = { operation, user: null, permissionUsed: null, targetIds: [] };
      let call: Awaited<ReturnType<typeof callUpstream>> | null = null;
      let service: ServiceName | null = null;
      let explain: ((refused: UpstreamError) => Promise<FileRefusal | null>) | null = null;
      try {
        const user = await authorize(req, res, state, definition.requires);
        const input = {
          params: checkedParams(req, definition.params),
          query: checkedQuery(req, definition.query),
        };
        state.targetIds = idsOf(input.params);
        if (definition.produce) {
          await sendProduced(res, definition, input, callContext(req, res, user));
          audit(res, state, 'success', null);
          return;
        }
        const target = definition.upstream!(input);
        service = target.service;
        const context = callContext(req, res, user);
        explain = (refused) => explainedRefusal(definition, refused, input, context, target.service);
        call = await callUpstream(context, target, {
          method: 'GET',
          accept: '*/*',
          timeoutMs: config.upstreamTimeoutMs,
        });
        const { response } = call;
        const name =
          definition.fileName?.(input) ??
          fileNameFrom(response.headers.get('content-disposition')) ??
          'archivo';
        const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
        // A CSV reaches the operator with its formulas made inert, whatever the service wrote (csv-formulas.ts):
        // its length changes, so none is announced.
        const csv = isCsv(contentType, name);
        const length = response.headers.get('content-length');
        const active = call;
        res.once('close', () => {
          if (!res.writableFinished) active.abort(new Error('client closed the download'));
        });
        await sendBody(res, watchedBody(active, target), csv, () => {
          res.setHeader('content-type', contentType);
          res.setHeader('content-disposition', contentDisposition(name));
          if (!csv && length && /^\d+$/.test(length) && !response.headers.get('content-encoding')) {
            res.setHeader('content-length', length);
          }
        });
        call.finish('ok');
        audit(res, state, 'success', null);
      } catch (error) {
        if (error instanceof FileRefusal) {
          refuse(res, state, error);
        } else if (isUpstreamFailure(error)) {
          // The body's wait timed out (the headers' failures have ended the call already).
          call?.finish(error instanceof UpstreamTimeout ? 'timeout' : 'error');
          const explained =
            error instanceof UpstreamError && explain && !res.headersSent ? await explain(error) : null;
          if (explained) refuse(res, state, explained, true);
          else refuseUpstream(res, state, error, false);
        } else if (res.headersSent) {
          // The body broke after the first byte (upstream cut, stall, or the browser left): the download is cut.
          call?.finish('error');
          logger.warn('download interrupted', {
            requestId: requestIdOf(res),
            operation,
            error: String(error),
          });
          audit(res, state, 'failed', 'DOWNLOAD_INTERRUPTED');
          res.destroy();
        } else if (call && service) {
          // The service answered, then its body broke before the file's first byte: nothing was sent, so it is
          // refused like the service's 5xx (the reference in Spanish), never a 200 cut short.
          call.finish('error');
          logger.warn('download failed before its first byte', {
            requestId: requestIdOf(res),
            operation,
            error: String(error),
          });
          refuseUpstream(
            res,
            state,
            new UpstreamError(service, 502, null, null, null, requestIdOf(res)),
            false,
          );
        } else if (error instanceof GraphQLError && error.extensions.code === 'BAD_USER_INPUT') {
          // A producing download's filter refused by the same rule as its GraphQL list.
          refuse(res, state, new FileRefusal(400, 'BAD_REQUEST', error.message));
        } else {
          call?.finish('error');
          logger.error('download failed', {
            requestId: requestIdOf(res),
            operation,
            error: String(error),
          });
          refuse(res, state, new FileRefusal(502, 'UPSTREAM_ERROR', GENERIC_ERROR_MESSAGE));
        }
      }
    };
  };

  /**
   * Answers a refused upload at once. What the client is still sending is read and discarded, at most
   * `drainBytes` and for at most DRAIN_MS (so that a client still writing reads the answer instead of a reset),
   * then the connection is closed: a refused body is never read in full. When the client has gone, nothing is
   * answered (its connection is already closed).
   */
  const refuseUpload = (
    req: Request,
    res: Response,
    state: CallState,
    refusal: FileRefusal,
    drainBytes: number,
  ) => {
    if (refusalWritten(res, state)) {
      audit(res, state, resultOf(refusal), refusal.code);
      if (refusal.detail !== null) {
        logger.warn('upload refused', {
          requestId: requestIdOf(res),
          operation: state.operation,
          code: refusal.code,
          detail: refusal.detail,
        });
      }
    }
    const socket = req.socket;
    if (socket.destroyed) return;
    if (drainBytes === 0) {
      // Nothing more is read: the connection closes once the answer is out.
      res.setHeader('connection', 'close');
      res.once('finish', () => socket.destroySoon());
    }
    sendRefusal(res, refusal);
    if (req.complete || drainBytes === 0) return;
    let drained = 0;
    const cut = () => {
      clearTimeout(deadline);
      req.off('data', onData);
      socket.destroy();
    };
    const onData = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > drainBytes) cut();
    };
    const deadline = setTimeout(cut, DRAIN_MS);
    req.on('data', onData);
    req.on('error', () => undefined);
    req.once('end', () => {
      clearTimeout(deadline);
      req.off('data', onData);
    });
    req.once('close', () => clearTimeout(deadline));
    req.resume();
  };

  /** An upload with its place taken: its body read and checked, then forwarded. */
  const receive = async (
    req: Request,
    res: Response,
    state: CallState,
    definition: UploadDefinition,
    user: AuthUser,
    params: Record<string, string>,
  ) => {
    let parsed: Awaited<ReturnType<typeof parseUpload>>;
    try {
      parsed = await parseUpload(req, definition, {
        idleMs: config.uploads.idleTimeoutMs,
        totalMs: config.uploads.totalTimeoutMs,
      });
    } catch (error) {
      const refusal = asRefusal(error);
      // Refused while reading the body (size, type, name, form): an operator allowed to upload; the rest of a
      // body of an allowed size is read and discarded so that the browser, still sending, reads the answer. A body
      // that stopped coming is not waited for.
      const drain = refusal.code === 'UPLOAD_TIMEOUT' ? 0 : definition.maxBytes + FORM_OVERHEAD_BYTES;
      refuseUpload(req, res, state, refusal, drain);
      return;
    }
    state.targetIds = idsOf({ ...params, ...parsed.fields });
    try {
      const { file, fields } = parsed;
      // A zip archive is checked before it is forwarded: entries, uncompressed size, ratio (a bomb).
      if (file.format === 'xlsx' || file.format === 'zip') {
        const problem = await zipProblem(file.bytes, config.zipLimits);
        if (problem) throw zipRefusal(problem, file.format, config.zipLimits);
      }
      const target = definition.upstream({
        params,
        fields,
        file: { name: file.name, format: file.format, size: file.bytes.length },
      });
      const form = new FormData();
      for (const name of definition.fields ?? []) {
        if (fields[name] !== undefined) form.append(name, fields[name]);
      }
      form.append(
        definition.fileField ?? 'file',
        new Blob([new Uint8Array(file.bytes)], { type: file.mimeType || 'application/octet-stream' }),
        file.name,
      );
      const call = await callUpstream(callContext(req, res, user), target, {
        method: 'POST',
        body: form,
        accept: 'application/json',
        timeoutMs: config.mutationTimeoutMs,
      });
      const text = await call.response.text();
      let body: unknown;
      try {
        body = text === '' ? {} : JSON.parse(text);
      } catch {
        call.finish('error');
        const requestId = requestIdOf(res);
        const invalid = new UpstreamError(target.service, 502, 'invalid_response', null, null, requestId);
        throw upstreamRefusal(invalid, true);
      }
      call.finish('ok');
      recordUpload(audit(res, state, 'success', null));
      sendJson(res, call.response.status, body);
    } catch (error) {
      if (error instanceof FileRefusal) refuse(res, state, error);
      else if (isUpstreamFailure(error)) refuseUpstream(res, state, error, true);
      else {
        logger.error('upload failed', {
          requestId: requestIdOf(res),
          operation: state.operation,
          error: String(error),
        });
        refuse(res, state, new FileRefusal(502, 'UPSTREAM_ERROR', GENERIC_ERROR_MESSAGE));
      }
    }
  };

  const upload = (definition: UploadDefinition): RequestHandler => {
    const operation = `POST /files${definition.route}`;
    return async (req, res) => {
      const state: CallState = { operation, user: null, permissionUsed: null, targetIds: [] };
      let user: AuthUser;
      let params: Record<string, string>;
      try {
        user = await authorize(req, res, state, definition.requires);
        params = checkedParams(req, definition.params);
        checkUploadHeaders(req, definition);
      } catch (error) {
        refuseUpload(req, res, state, asRefusal(error), EARLY_DRAIN_BYTES);
        return;
      }
      // Its place among the uploads in flight, before any of its body is read; given back however it ends.
      const slot = takeUploadSlot(user.subject);
      if (slot instanceof FileRefusal) {
        refuseUpload(req, res, state, slot, EARLY_DRAIN_BYTES);
        return;
      }
      try {
        await receive(req, res, state, definition, user, params);
      } finally {
        slot.release();
      }
    };
  };

  const routes = options.routes.map((route) => ({
    method: route.kind === 'download' ? ('GET' as const) : ('POST' as const),
    params: routeMatcher(route.route),
    handle: route.kind === 'download' ? download(route) : upload(route),
  }));

  // Anything else under /files: 401 without a valid token, else 404; audited like the rest.
  const unknown = async (req: IncomingMessage, res: Response, path: string) => {
    const state: CallState = {
      operation: `${req.method} /files${path}`.slice(0, 200),
      user: null,
      permissionUsed: null,
      targetIds: [],
    };
    try {
      await authorize(req, res, state);
    } catch (error) {
      refuse(res, state, asRefusal(error));
      return;
    }
    refuse(res, state, notFound());
  };

  return async (req, res, path) => {
    for (const route of routes) {
      if (!methodIs(req, route.method)) continue;
      const params = route.params(path);
      if (params) return route.handle(Object.assign(req, { params }), res);
    }
    return unknown(req, res, path);
  };
}

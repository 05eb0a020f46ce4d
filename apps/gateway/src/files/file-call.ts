/**
 * What every /files route shares (router.ts composes it; downloads.ts and uploads.ts serve with it): the call's
 * state, the operator gate, the upstream call's context, and the audit of each call with its refusals' budget.
 * Every call writes one audit event, allowed or denied; a refusal of a call that sent nothing upstream is audited
 * within a budget per source (the operator, or the client's address without one) and minute, then summarised:
 * a flood of bad calls writes a line a minute. A refusal of what a service answered is always audited.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StoreHandle } from '../activity/store-handle.js';
import type { AuditEvent, AuditResult } from '../audit/audit-plugin.js';
import { perSourceBudget } from '../audit/line-budget.js';
import { clientAddress } from '../http/client-address.js';
import type { AuthUser } from '../auth/verify-token.js';
import type { GatewayConfig } from '../config.js';
import type { OperatorGate } from '../http/operator-gate.js';
import { localsOf } from '../http/plain.js';
import type { RouteParams } from '../http/routes.js';
import type { Logger } from '../logger.js';
import { operatorLocale } from '../operator-locale.js';
import {
  UpstreamError,
  isServiceFault,
  upstreamFaultFields,
  type UpstreamTimeout,
  type UpstreamUnavailable,
} from '../upstream/errors.js';
import { FileRefusal, badRequest, gateRefusal, sendRefusal, upstreamRefusal } from './refusals.js';
import type { UploadMoves } from './upload-move.js';
import type { FileCallContext } from './upstream-call.js';

/** A request to a route, with its path parameters. */
export type FileRequest = IncomingMessage & { params: RouteParams };
export type FileRouteHandler = (req: FileRequest, res: ServerResponse) => Promise<void>;

/** One call: its operation ('GET /files/retiros/:id/:format'), operator, permission used and ids. */
export interface CallState {
  operation: string;
  user: AuthUser | null;
  permissionUsed: string | null;
  targetIds: string[];
}

export const callState = (operation: string): CallState => ({
  operation,
  user: null,
  permissionUsed: null,
  targetIds: [],
});

/** What the access log reads of a file call (server.ts sets the request id and test namespace). */
interface FileLocals {
  requestId: string;
  testNamespace?: string | null;
}

export const requestIdOf = (res: ServerResponse): string => String(localsOf<FileLocals>(res).requestId ?? '');

/** A refusal as it is, anything else a 400 (its text for the log only). */
export const asRefusal = (error: unknown): FileRefusal =>
  error instanceof FileRefusal ? error : badRequest('La solicitud no es válida.', String(error));

/** Parameters and fields named like ids go to the audit event's targetIds. */
const ID_KEY = /^(?:id|.*Id|.*_id)$/;

export const idsOf = (values: Record<string, string>): string[] =>
  Object.entries(values)
    .filter(([key]) => ID_KEY.test(key))
    .map(([, value]) => value.slice(0, 128));

const resultOf = (refusal: FileRefusal): AuditResult =>
  refusal.status === 401 || refusal.status === 403
    ? 'denied'
    : refusal.code === 'UPSTREAM_TIMEOUT' && refusal.status === 504
      ? 'unknown'
      : 'failed';

export interface FileCallsOptions {
  config: GatewayConfig;
  gate: OperatorGate;
  logger: Logger;
  fetch: typeof fetch;
  store: StoreHandle | null;
  /**
   * Where an upload is recorded before it is forwarded, as the money moves are (upload-move.ts): an operator's action
   * in the activity. Without a store, none.
   */
  moves?: UploadMoves;
}

/** What the download and upload handlers use of the router: the gate, the audit, the refusals, the upstream's context. */
export interface FileCalls {
  config: GatewayConfig;
  logger: Logger;
  store: StoreHandle | null;
  /** Where uploads are recorded (upload-move.ts), or null without a store. */
  moves: UploadMoves | null;
  /** The operator gate (token, rate limit, permission); sets the operator on the state. Throws a refusal. */
  authorize(
    req: IncomingMessage,
    res: ServerResponse,
    state: CallState,
    requires?: readonly string[],
  ): Promise<AuthUser>;
  /** The upstream call's context: the operator's token, ids, test namespace and locale. */
  callContext(req: IncomingMessage, res: ServerResponse, user: AuthUser): FileCallContext;
  /** The call's audit event but its result and error code. */
  eventOf(res: ServerResponse, state: CallState): Omit<AuditEvent, 'result' | 'errorCode'>;
  /** Writes the call's audit line. */
  audit(res: ServerResponse, state: CallState, result: AuditResult, errorCode: string | null): AuditEvent;
  /** Whether a refusal's lines are written one by one (else counted for the source's summary). */
  refusalWritten(res: ServerResponse, state: CallState): boolean;
  /** The refusal answered and audited: `always` (a refusal of what a service answered) line by line, else within the source's budget. */
  refuse(res: ServerResponse, state: CallState, refusal: FileRefusal, always?: boolean): void;
  /** An upstream failure as its Spanish refusal; a service's 5xx keeps its codes in the log (not in the answer). */
  upstreamFailure(
    state: CallState,
    error: UpstreamError | UpstreamTimeout | UpstreamUnavailable,
    write: boolean,
  ): FileRefusal;
  /** An upstream failure refused (upstreamFailure), audited line by line. */
  refuseUpstream(
    res: ServerResponse,
    state: CallState,
    error: UpstreamError | UpstreamTimeout | UpstreamUnavailable,
    write: boolean,
  ): void;
  /** The audit result a refusal stands for: denied (401, 403), unknown (a timed-out write), else failed. */
  resultOf(refusal: FileRefusal): AuditResult;
}

export function fileCalls(options: FileCallsOptions): FileCalls {
  const { config, gate, logger } = options;
  const write = logger.audit ?? logger.info;
  const perMinute = config.refusalLinesPerMinute;
  const refusalLines = perSourceBudget(
    (source, count, periodSeconds) =>
      write('audit', { event: 'refusals_suppressed', source, count, periodSeconds, perMinute }),
    perMinute,
  );

  const calls: FileCalls = {
    config,
    logger,
    store: options.store,
    moves: options.moves ?? null,
    async authorize(req, res, state, requires) {
      const outcome = await gate.check(req, res, requires);
      state.user = outcome.user;
      if (outcome.refusal) throw gateRefusal(outcome.refusal);
      state.permissionUsed = outcome.permission;
      return outcome.user;
    },
    callContext: (req, res, user) => ({
      config,
      token: user.token,
      requestId: requestIdOf(res),
      testNamespace: localsOf<FileLocals>(res).testNamespace ?? null,
      locale: operatorLocale(req.headers.locale, req.headers['accept-language']),
      fetch: options.fetch,
    }),
    eventOf: (res, state) => ({
      event: 'audit',
      user: state.user?.username ?? null,
      permissionUsed: state.permissionUsed,
      operation: state.operation,
      operationName: null,
      targetIds: state.targetIds,
      reason: null,
      requestId: requestIdOf(res),
    }),
    audit(res, state, result, errorCode) {
      const event: AuditEvent = {
        ...calls.eventOf(res, state),
        ...(result === 'denied' ? { permissionUsed: null } : {}),
        result,
        errorCode,
      };
      write('audit', { ...event });
      return event;
    },
    refusalWritten: (res, state) =>
      refusalLines.admit(state.user ? `user:${state.user.username}` : `ip:${clientAddress(res.req)}`),
    refuse(res, state, refusal, always = false) {
      if (always || calls.refusalWritten(res, state))
        calls.audit(res, state, resultOf(refusal), refusal.code);
      sendRefusal(res, refusal);
    },
    upstreamFailure(state, error, isWrite) {
      if (error instanceof UpstreamError && isServiceFault(error.status)) {
        const [method = '', path = ''] = state.operation.split(' ');
        logger.warn('upstream fault', upstreamFaultFields(error, method, path));
      }
      return upstreamRefusal(error, isWrite);
    },
    refuseUpstream(res, state, error, isWrite) {
      calls.refuse(res, state, calls.upstreamFailure(state, error, isWrite), true);
    },
    resultOf,
  };
  return calls;
}

/**
 * A download route of /files: the operator gate, the parameters, then the file, streamed from its service (or
 * written by the gateway: `produce`) with its name, its status and headers sent with its first byte; a source that
 * fails before it is answered as a refusal, one that fails after it cuts the download. One audit line a call.
 */
import type { ServerResponse } from 'node:http';
import { GraphQLError } from 'graphql';
import { STORE_UNAVAILABLE_MESSAGE } from '../activity/store-handle.js';
import type { ServiceName } from '../services.js';
import { GENERIC_ERROR_MESSAGE, withCode } from '../upstream/error-catalogue.js';
import { UpstreamError, UpstreamTimeout, isUpstreamFailure } from '../upstream/errors.js';
import {
  callState,
  idsOf,
  requestIdOf,
  type CallState,
  type FileCalls,
  type FileRouteHandler,
} from './file-call.js';
import { contentDisposition, fileNameFrom, isCsv, sendBody, watchedBody } from './file-body.js';
import { checkedParams, checkedQuery } from './params.js';
import { FileRefusal } from './refusals.js';
import type { DownloadDefinition, DownloadInput, UpstreamTarget } from './types.js';
import { callUpstream, type FileCall, type FileCallContext } from './upstream-call.js';

/** A service's JSON answer for a producing download, read whole within the upstream timeout (headers and body). */
async function readJson(
  calls: FileCalls,
  context: FileCallContext,
  target: UpstreamTarget,
): Promise<unknown> {
  const timeoutMs = calls.config.upstreamTimeoutMs;
  const call = await callUpstream(context, target, { method: 'GET', accept: 'application/json', timeoutMs });
  const timeout = new UpstreamTimeout(target.service, 'GET', target.path, timeoutMs);
  const timer = setTimeout(() => call.abort(timeout), timeoutMs);
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
}

/**
 * A file the gateway writes itself: what it reads (the store, a service) is asked before the first byte (its
 * first chunk comes after its first read), a CSV's formulas made inert.
 */
async function sendProduced(
  calls: FileCalls,
  res: ServerResponse,
  definition: DownloadDefinition,
  input: DownloadInput,
  context: FileCallContext,
): Promise<void> {
  const storeOf = () => {
    const store = calls.store?.current();
    if (!store) throw new FileRefusal(503, 'STORE_UNAVAILABLE', STORE_UNAVAILABLE_MESSAGE);
    return store;
  };
  const file = definition.produce!(input, {
    store: storeOf,
    storeNamespace: context.testNamespace ?? '',
    readJson: (target) => readJson(calls, context, target),
  });
  const name = definition.fileName!(input);
  await sendBody(res, file.body, isCsv(file.contentType, name), () => {
    res.setHeader('content-type', file.contentType);
    res.setHeader('content-disposition', contentDisposition(name));
  });
}

/**
 * The route's own refusal for a service's refusal of the request (`explainRefusal`), read with the operator's
 * token; null when it has none, or when the reading failed (the service's refusal stands).
 */
async function explainedRefusal(
  calls: FileCalls,
  definition: DownloadDefinition,
  error: UpstreamError,
  input: DownloadInput,
  context: FileCallContext,
  service: ServiceName,
): Promise<FileRefusal | null> {
  if (!definition.explainRefusal || ![400, 409, 422].includes(error.status)) return null;
  const timeoutMs = calls.config.upstreamTimeoutMs;
  const read = async (path: string): Promise<unknown> => {
    const call = await callUpstream(
      context,
      { service, path },
      { method: 'GET', accept: 'application/json', timeoutMs },
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
    calls.logger.warn('download refusal not explained', {
      requestId: context.requestId,
      operation: `GET /files${definition.route}`,
      error: String(readError),
    });
    return null;
  }
}

/** How far a download got: its upstream call, its service and how to explain the service's refusal. */
interface DownloadProgress {
  call: FileCall | null;
  service: ServiceName | null;
  explain: ((refused: UpstreamError) => Promise<FileRefusal | null>) | null;
}

/** Streams the service's file: its name, type and length (not a CSV's: its formulas are made inert), then its body. */
async function sendUpstreamFile(
  calls: FileCalls,
  res: ServerResponse,
  definition: DownloadDefinition,
  input: DownloadInput,
  context: FileCallContext,
  progress: DownloadProgress,
): Promise<void> {
  const target = definition.upstream!(input);
  progress.service = target.service;
  progress.explain = (refused) =>
    explainedRefusal(calls, definition, refused, input, context, target.service);
  const timeoutMs = calls.config.upstreamTimeoutMs;
  const call = await callUpstream(context, target, { method: 'GET', accept: '*/*', timeoutMs });
  progress.call = call;
  const { response } = call;
  const name =
    definition.fileName?.(input) ?? fileNameFrom(response.headers.get('content-disposition')) ?? 'archivo';
  const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
  // A CSV reaches the operator with its formulas made inert, whatever the service wrote (csv-formulas.ts): its
  // length changes, so none is announced.
  const csv = isCsv(contentType, name);
  const length = response.headers.get('content-length');
  res.once('close', () => {
    if (!res.writableFinished) call.abort(new Error('client closed the download'));
  });
  await sendBody(res, watchedBody(call, target, timeoutMs), csv, () => {
    res.setHeader('content-type', contentType);
    res.setHeader('content-disposition', contentDisposition(name));
    if (!csv && length && /^\d+$/.test(length) && !response.headers.get('content-encoding')) {
      res.setHeader('content-length', length);
    }
  });
  call.finish('ok');
}

/** A download that failed: a refusal in Spanish while nothing was sent, a cut download after its first byte. */
async function downloadFailed(
  calls: FileCalls,
  res: ServerResponse,
  state: CallState,
  error: unknown,
  { call, service, explain }: DownloadProgress,
): Promise<void> {
  const { logger } = calls;
  const failure = (message: string) =>
    logger.warn(message, { requestId: requestIdOf(res), operation: state.operation, error: String(error) });
  if (error instanceof FileRefusal) {
    calls.refuse(res, state, error);
  } else if (isUpstreamFailure(error)) {
    // The body's wait timed out (the headers' failures have ended the call already).
    call?.finish(error instanceof UpstreamTimeout ? 'timeout' : 'error');
    const explained =
      error instanceof UpstreamError && explain && !res.headersSent ? await explain(error) : null;
    if (explained) calls.refuse(res, state, explained, true);
    else calls.refuseUpstream(res, state, error, false);
  } else if (res.headersSent) {
    // The body broke after the first byte (upstream cut, stall, or the browser left): the download is cut.
    call?.finish('error');
    failure('download interrupted');
    calls.audit(res, state, 'failed', 'DOWNLOAD_INTERRUPTED');
    res.destroy();
  } else if (call && service) {
    // The service answered, then its body broke before the file's first byte: nothing was sent, so it is refused
    // like the service's 5xx (the reference in Spanish), never a 200 cut short.
    call.finish('error');
    failure('download failed before its first byte');
    calls.refuseUpstream(
      res,
      state,
      new UpstreamError(service, 502, null, null, null, requestIdOf(res)),
      false,
    );
  } else if (error instanceof GraphQLError && error.extensions.code === 'BAD_USER_INPUT') {
    // A producing download's filter refused by the same rule as its GraphQL list.
    calls.refuse(res, state, new FileRefusal(400, 'BAD_REQUEST', error.message));
  } else {
    call?.finish('error');
    logger.error('download failed', {
      requestId: requestIdOf(res),
      operation: state.operation,
      error: String(error),
    });
    calls.refuse(res, state, new FileRefusal(502, 'UPSTREAM_ERROR', GENERIC_ERROR_MESSAGE));
  }
}

/** The handler of one download route. */
export function downloadRoute(calls: FileCalls, definition: DownloadDefinition): FileRouteHandler {
  const operation = `GET /files${definition.route}`;
  return async (req, res) => {
    const state = callState(operation);
    const progress: DownloadProgress = { call: null, service: null, explain: null };
    try {
      const user = await calls.authorize(req, res, state, definition.requires);
      const input = {
        params: checkedParams(req, definition.params),
        query: checkedQuery(req, definition.query),
      };
      state.targetIds = idsOf(input.params);
      const context = calls.callContext(req, res, user);
      if (definition.produce) await sendProduced(calls, res, definition, input, context);
      else await sendUpstreamFile(calls, res, definition, input, context, progress);
      calls.audit(res, state, 'success', null);
    } catch (error) {
      await downloadFailed(calls, res, state, error, progress);
    }
  };
}

/**
 * An upload route of /files: the operator gate, the parameters and headers (a declared length over the limit), a
 * place among the uploads in flight (upload-slots.ts) and room on disk (spool.ts), then the body read and checked
 * while it streams to its spooled file (multipart.ts: type, size, a body that stops coming; zip-check.ts: a bomb,
 * read from the file) and forwarded from the file as multipart to the service with the operator's token; the
 * service's JSON is the answer. A refusal is answered at once and what the client still sends is drained within a
 * bound, never read in full. The spooled file is removed however the upload ends.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { AuthUser } from '../auth/verify-token.js';
import { sendJson } from '../http/plain.js';
import { GENERIC_ERROR_MESSAGE } from '../upstream/error-catalogue.js';
import { UpstreamError, isUpstreamFailure } from '../upstream/errors.js';
import { writeFailure } from '../upstream/outcome.js';
import { isIdempotencyKey } from '../shared/inputs.js';
import {
  asRefusal,
  callState,
  idsOf,
  requestIdOf,
  type CallState,
  type FileCalls,
  type FileRequest,
  type FileRouteHandler,
} from './file-call.js';
import { FORM_OVERHEAD_BYTES, checkUploadHeaders, parseUpload, type ParsedUpload } from './multipart.js';
import { multipartBody } from './form-body.js';
import { checkedParams } from './params.js';
import { FileRefusal, sendRefusal, spoolUnavailable, zipRefusal } from './refusals.js';
import { HeldBytes, fileSource, filePieces, spoolStats, type SpoolRoom, type UploadSpool } from './spool.js';
import type { UploadDefinition } from './types.js';
import type { TakeUploadSlot } from './upload-slots.js';
import { beginUploadMove, type UploadMove, type UploadResult } from './upload-move.js';
import { callUpstream } from './upstream-call.js';
import { zipProblem } from './zip-check.js';

/**
 * After a refusal decided before the body (token, permission, parameters, headers: a declared length over the
 * limit), at most this much of the body still coming is read and discarded before the connection is closed.
 */
const EARLY_DRAIN_BYTES = 256 * 1024;
/** Longest a refused body is drained (ms) before its connection is closed. */
const DRAIN_MS = 5_000;

/** Reads and discards at most `drainBytes` of what the client still sends, for at most DRAIN_MS, then closes. */
function drainRefused(req: FileRequest, drainBytes: number): void {
  const socket = req.socket;
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
}

/**
 * Answers a refused upload at once. What the client is still sending is read and discarded, at most
 * `drainBytes` and for at most DRAIN_MS (so that a client still writing reads the answer instead of a reset),
 * then the connection is closed: a refused body is never read in full. When the client has gone, nothing is
 * answered (its connection is already closed).
 */
function refuseUpload(
  calls: FileCalls,
  req: FileRequest,
  res: ServerResponse,
  state: CallState,
  refusal: FileRefusal,
  drainBytes: number,
): void {
  if (calls.refusalWritten(res, state)) {
    calls.audit(res, state, calls.resultOf(refusal), refusal.code);
    if (refusal.detail !== null) {
      calls.logger.warn('upload refused', {
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
  drainRefused(req, drainBytes);
}

/** An upload let through the gate, its parameters and headers checked. */
interface AdmittedUpload {
  req: FileRequest;
  res: ServerResponse;
  state: CallState;
  definition: UploadDefinition;
  user: AuthUser;
  params: Record<string, string>;
  /** Its room on disk, and what it holds in memory at a time. */
  room: SpoolRoom;
  held: HeldBytes;
}

/** An upload's record once stored (upload-move.ts), for its outcome however the forward ends. */
interface UploadRecord {
  move: UploadMove | null;
}

/**
 * The checked upload recorded (upload-move.ts: `record` holds it before anything is sent), forwarded as
 * multipart with the operator's token; the service's JSON answered once its outcome is recorded.
 */
async function forward(
  calls: FileCalls,
  { req, res, state, definition, user, params, held }: AdmittedUpload,
  { file, fields }: ParsedUpload,
  record: UploadRecord,
): Promise<void> {
  const { config } = calls;
  // A zip archive is checked before it is forwarded: entries, uncompressed size, ratio (a bomb), read from the
  // spooled file piece by piece (its directory at its end).
  if (file.format === 'xlsx' || file.format === 'zip') {
    const source = await fileSource(file.path, file.size, held);
    let problem;
    try {
      problem = await zipProblem(source, config.zipLimits, held);
    } finally {
      await source.close();
    }
    if (problem) throw zipRefusal(problem, file.format, config.zipLimits);
  }
  const target = definition.upstream({
    params,
    fields,
    file: { name: file.name, format: file.format, size: file.size },
  });
  const form = multipartBody(
    (definition.fields ?? []).flatMap((name) =>
      fields[name] === undefined ? [] : [[name, fields[name]] as const],
    ),
    {
      field: definition.fileField ?? 'file',
      name: file.name,
      // The type as a Blob keeps it (lower case; none when not printable ASCII), as the FormData sent it.
      type: new Blob([], { type: file.mimeType }).type,
      // Read from the spooled file as the connection asks for it.
      content: { size: file.size, pieces: filePieces(file.path, file.size, held) },
    },
  );
  const key = uploadKey(req);
  const begun = calls.moves
    ? await beginUploadMove(
        calls.moves,
        calls.logger,
        calls.eventOf(res, state),
        {
          params,
          fields,
          file: {
            name: file.name,
            format: file.format,
            size: file.size,
            ...(key ? { sha256: await fileDigest(file.path) } : {}),
          },
        },
        calls.callContext(req, res, user).testNamespace ?? '',
        key,
      )
    : null;
  if (begun && 'replay' in begun) {
    // The same upload under its key: the record answers, nothing is sent again.
    calls.audit(res, state, begun.result, null);
    sendJson(res, begun.status, begun.body);
    return;
  }
  const move = begun;
  record.move = move;
  const call = await callUpstream(calls.callContext(req, res, user), target, {
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
    // The service answered but its answer cannot be read: whether it imported is unknown (outcome.ts).
    throw new UpstreamError(
      target.service,
      502,
      'invalid_response',
      null,
      'response body is not JSON',
      requestIdOf(res),
    );
  }
  call.finish('ok');
  await move?.complete('success', null, call.response.status, body);
  calls.audit(res, state, 'success', null);
  sendJson(res, call.response.status, body);
}

/** The client's idempotency key of an upload (the `idempotency-key` header), checked; null without one. */
function uploadKey(req: FileRequest): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (!isIdempotencyKey(key)) {
    throw new FileRefusal(
      400,
      'BAD_REQUEST',
      'La clave de idempotencia (idempotency-key) debe tener entre 8 y 128 caracteres (letras, números, . _ : -).',
    );
  }
  return key;
}

/** The SHA-256 of a spooled file, read piece by piece (part of a keyed upload's fingerprint). */
async function fileDigest(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of createReadStream(path)) hash.update(piece as Buffer);
  return hash.digest('base64url');
}

/** An upload with its place taken: its body read and checked, then forwarded. */
async function receive(calls: FileCalls, upload: AdmittedUpload): Promise<void> {
  const { config } = calls;
  const { req, res, state, definition, params, room, held } = upload;
  let parsed: ParsedUpload;
  try {
    parsed = await parseUpload(req, definition, {
      idleMs: config.uploads.idleTimeoutMs,
      totalMs: config.uploads.totalTimeoutMs,
      openFile: () => room.open(held),
    });
  } catch (error) {
    const refusal = asRefusal(error);
    // Refused while reading the body (size, type, name, form): an operator allowed to upload; the rest of a body of
    // an allowed size is read and discarded so that the browser, still sending, reads the answer. A body that
    // stopped coming is not waited for.
    const drain = refusal.code === 'UPLOAD_TIMEOUT' ? 0 : definition.maxBytes + FORM_OVERHEAD_BYTES;
    refuseUpload(calls, req, res, state, refusal, drain);
    return;
  }
  state.targetIds = idsOf({ ...params, ...parsed.fields });
  const record: UploadRecord = { move: null };
  try {
    await forward(calls, upload, parsed, record);
  } catch (error) {
    const { refusal, result, fromService } = uploadFailure(calls, res, state, error);
    await record.move?.complete(result, refusal.code, refusal.status);
    if (record.move || fromService) {
      // What a service answered, or an upload that was recorded: audited line by line, as the record says it ended.
      calls.audit(res, state, result, refusal.code);
      sendRefusal(res, refusal);
    } else {
      calls.refuse(res, state, refusal);
    }
  }
}

/**
 * How a forward's failure is answered and recorded: its refusal, and its result read as a mutation's write is
 * (what the service may have done is unknown, never failed); an unexpected error is logged, its result unknown.
 */
function uploadFailure(
  calls: FileCalls,
  res: ServerResponse,
  state: CallState,
  error: unknown,
): { refusal: FileRefusal; result: UploadResult; fromService: boolean } {
  if (error instanceof FileRefusal) {
    return {
      refusal: error,
      result: calls.resultOf(error) === 'unknown' ? 'unknown' : 'failed',
      fromService: false,
    };
  }
  if (isUpstreamFailure(error)) {
    const result = writeFailure(error).outcome === 'UNKNOWN' ? 'unknown' : 'failed';
    return { refusal: calls.upstreamFailure(state, error, true), result, fromService: true };
  }
  calls.logger.error('upload failed', {
    requestId: requestIdOf(res),
    operation: state.operation,
    error: String(error),
  });
  return {
    refusal: new FileRefusal(502, 'UPSTREAM_ERROR', GENERIC_ERROR_MESSAGE),
    result: 'unknown',
    fromService: false,
  };
}

/**
 * The room an upload takes on disk, before its body is read: its declared length (a body holds its file and more),
 * at most its route's limit; without one, the limit.
 */
function roomFor(req: FileRequest, definition: UploadDefinition): number {
  const declared = req.headers['content-length'];
  return declared === undefined ? definition.maxBytes : Math.min(Number(declared), definition.maxBytes);
}

/** Room on disk for the upload in the replica's spool directory, or its refusal (nothing read). */
async function spoolRoom(
  spool: UploadSpool,
  req: FileRequest,
  definition: UploadDefinition,
  user: AuthUser,
): Promise<SpoolRoom | FileRefusal> {
  const room = spool.reserve(user.subject, roomFor(req, definition));
  if (room instanceof FileRefusal) return room;
  try {
    await spool.ready();
  } catch (error) {
    await room.release();
    return spoolUnavailable(String(error));
  }
  return room;
}

/** The handler of one upload route. */
export function uploadRoute(
  calls: FileCalls,
  definition: UploadDefinition,
  takeUploadSlot: TakeUploadSlot,
  spool: UploadSpool,
): FileRouteHandler {
  const operation = `POST /files${definition.route}`;
  return async (req, res) => {
    const state = callState(operation);
    let user: AuthUser;
    let params: Record<string, string>;
    try {
      user = await calls.authorize(req, res, state, definition.requires);
      params = checkedParams(req, definition.params);
      checkUploadHeaders(req, definition);
    } catch (error) {
      refuseUpload(calls, req, res, state, asRefusal(error), EARLY_DRAIN_BYTES);
      return;
    }
    // Its place among the uploads in flight and its room on disk, before any of its body is read; given back
    // (its spooled file removed) however it ends.
    const slot = takeUploadSlot(user.subject);
    if (slot instanceof FileRefusal) {
      refuseUpload(calls, req, res, state, slot, EARLY_DRAIN_BYTES);
      return;
    }
    const room = await spoolRoom(spool, req, definition, user);
    if (room instanceof FileRefusal) {
      slot.release();
      refuseUpload(calls, req, res, state, room, EARLY_DRAIN_BYTES);
      return;
    }
    const held = new HeldBytes();
    try {
      await receive(calls, { req, res, state, definition, user, params, room, held });
    } finally {
      // Its place at once, as its answer is out; its room once its file is gone, so that the disk never holds more.
      slot.release();
      spoolStats.record(held);
      await room.release();
    }
  };
}

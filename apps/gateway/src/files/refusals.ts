/**
 * The answers of /files that are not a file: JSON `{ "error": { "code", "message" } }` with a Spanish message,
 * never an internal detail.
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http/plain.js';
import {
  TIMEOUT_READ_MESSAGE,
  TIMEOUT_WRITE_MESSAGE,
  UNAVAILABLE_MESSAGE,
  describeUpstreamFailure,
  withCode,
} from '../upstream/error-catalogue.js';
import { UpstreamError, UpstreamTimeout, UpstreamUnavailable } from '../upstream/errors.js';
import type { GateRefusal } from '../http/operator-gate.js';

export type FileErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_REQUEST'
  | 'NOT_FOUND'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'TOO_MANY_UPLOADS'
  | 'UPLOAD_TIMEOUT'
  | 'UPLOAD_UNAVAILABLE'
  | 'MOVE_LIMIT_REACHED'
  | 'UPSTREAM_ERROR'
  | 'UPSTREAM_REJECTED'
  | 'UPSTREAM_TIMEOUT'
  | 'UPSTREAM_UNAVAILABLE'
  | 'STORE_UNAVAILABLE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'MOVE_IN_PROGRESS';

/** A refusal or failure of a file call: its HTTP status, code and Spanish message. */
export class FileRefusal extends Error {
  override readonly name = 'FileRefusal';
  constructor(
    readonly status: number,
    readonly code: FileErrorCode,
    message: string,
    readonly extendedCode: string | null = null,
    /** What happened, for the log only (never sent). */
    readonly detail: string | null = null,
  ) {
    super(message);
  }
}

export const FILE_NOT_FOUND_MESSAGE = 'No se encontró el archivo solicitado.';
export const NOT_MULTIPART_MESSAGE = 'El archivo debe enviarse como multipart/form-data.';
export const NO_FILE_MESSAGE = 'Debe adjuntar un archivo.';
export const EMPTY_FILE_MESSAGE = 'El archivo está vacío.';
export const BAD_FORM_MESSAGE = 'El formulario enviado no es válido.';

/** The operator gate's refusal (token, rate limit, permission: http/operator-gate.ts), its headers already set. */
export const gateRefusal = (refusal: GateRefusal) =>
  new FileRefusal(refusal.status, refusal.code, refusal.message);
/** The operator already has `inFlight` uploads in flight, as many as they may (files/upload-slots.ts). */
export const tooManyOwnUploads = (inFlight: number) =>
  new FileRefusal(
    429,
    'TOO_MANY_UPLOADS',
    inFlight === 1
      ? 'Ya tiene un archivo subiéndose; espere a que termine y vuelva a intentar.'
      : `Ya tiene ${inFlight} archivos subiéndose; espere a que terminen y vuelva a intentar.`,
  );
/** The replica is receiving as many uploads as it may (files/upload-slots.ts). */
export const tooManyUploads = () =>
  new FileRefusal(
    429,
    'TOO_MANY_UPLOADS',
    'Se están recibiendo demasiados archivos en este momento; vuelva a intentar en unos segundos.',
  );
/**
 * The operator's uploads in flight already take the disk room one operator may have (files/spool.ts): refused
 * before the body is read, like the count of uploads above.
 */
export const spoolFullForOperator = (maxBytes: number) =>
  new FileRefusal(
    429,
    'TOO_MANY_UPLOADS',
    `Sus archivos en curso ya ocupan el espacio para subidas de un operador (${sizeText(maxBytes)}); espere a que terminen y vuelva a intentar.`,
  );
/** The replica's uploads in flight already take the disk room it has for them (files/spool.ts). */
export const spoolFull = () =>
  new FileRefusal(
    429,
    'TOO_MANY_UPLOADS',
    'No hay espacio para recibir más archivos en este momento; vuelva a intentar en unos segundos.',
  );
/** The file could not be written to the replica's disk (files/spool.ts): nothing was sent. */
export const spoolUnavailable = (detail: string | null = null) =>
  new FileRefusal(
    503,
    'UPLOAD_UNAVAILABLE',
    'No se pudo recibir el archivo en este momento; no se envió nada. Vuelva a intentar en unos segundos.',
    null,
    detail,
  );
/** Nothing of the upload's body came for `idleMs`: the upload is ended (multipart.ts). */
export function uploadIdle(idleMs: number): FileRefusal {
  return new FileRefusal(
    408,
    'UPLOAD_TIMEOUT',
    `El archivo dejó de llegar durante ${secondsText(idleMs)} y la subida se canceló; vuelva a intentar.`,
    null,
    `no body bytes for ${idleMs} ms`,
  );
}
/** The upload's body was not all in after `totalMs`, however it trickled: the upload is ended (multipart.ts). */
export function uploadTooSlow(totalMs: number): FileRefusal {
  return new FileRefusal(
    408,
    'UPLOAD_TIMEOUT',
    `El archivo no terminó de llegar en ${secondsText(totalMs)} y la subida se canceló; vuelva a intentar con una conexión más rápida o un archivo más chico.`,
    null,
    `body not all in after ${totalMs} ms`,
  );
}
/** "1 segundo", "120 segundos": a bound as an operator reads it. */
function secondsText(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
}
export const notFound = () => new FileRefusal(404, 'NOT_FOUND', FILE_NOT_FOUND_MESSAGE);
export const badRequest = (message: string, detail: string | null = null) =>
  new FileRefusal(400, 'BAD_REQUEST', message, null, detail);
/** The client went away mid-upload: nobody reads the answer (the connection is closed), it is logged and audited. */
export const clientGone = (detail = 'client closed the connection') =>
  new FileRefusal(400, 'BAD_REQUEST', BAD_FORM_MESSAGE, null, detail);

/** "10 MB", "512 KB": the limit as an operator reads it. */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1).replace('.', ',')} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export const tooLarge = (maxBytes: number) =>
  new FileRefusal(
    413,
    'PAYLOAD_TOO_LARGE',
    `El archivo supera el tamaño máximo permitido (${sizeText(maxBytes)}).`,
  );

/** The services' codes for the same refusals (docs/upstream-contract.md, imports), named the same way. */
const INVALID_FILE_TYPE = 'invalid_file_type';
const UNREADABLE_FILE = 'unreadable_file';

export const wrongType = (accepted: string) =>
  new FileRefusal(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    withCode(`El tipo de archivo no es válido: se aceptan archivos ${accepted}.`, INVALID_FILE_TYPE),
    INVALID_FILE_TYPE,
  );

/** A zip archive (XLSX, ZIP) refused by files/zip-check.ts, in the operator's words. */
export function zipRefusal(
  problem: 'unreadable' | 'entries' | 'size' | 'ratio',
  format: string,
  limits: { maxEntries: number; maxUncompressedBytes: number; maxRatio: number },
): FileRefusal {
  const name = `El archivo ${format.toUpperCase()}`;
  switch (problem) {
    case 'unreadable':
      return new FileRefusal(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        withCode(`${name} no es válido: no se puede leer su contenido.`, UNREADABLE_FILE),
        UNREADABLE_FILE,
      );
    case 'entries':
      return new FileRefusal(
        413,
        'PAYLOAD_TOO_LARGE',
        `${name} tiene demasiadas partes (máximo ${limits.maxEntries.toLocaleString('es-AR')}).`,
      );
    case 'size':
      return new FileRefusal(
        413,
        'PAYLOAD_TOO_LARGE',
        `${name} descomprimido supera el tamaño máximo permitido (${sizeText(limits.maxUncompressedBytes)}).`,
      );
    case 'ratio':
      return new FileRefusal(
        413,
        'PAYLOAD_TOO_LARGE',
        `${name} descomprimido ocupa más de ${limits.maxRatio} veces su tamaño: no se acepta.`,
      );
  }
}

export const notMultipart = () => new FileRefusal(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_MULTIPART_MESSAGE);

/**
 * An upstream failure as the browser sees it: the upstream's 404 stays a 404, its refusals of the request
 * (400, 409, 422) a 422 with the catalogue's text, anything else a 502; a timeout is a 504 (for an upload: result
 * unknown), a lost connection a 502.
 */
export function upstreamRefusal(
  error: UpstreamError | UpstreamTimeout | UpstreamUnavailable,
  write: boolean,
): FileRefusal {
  if (error instanceof UpstreamTimeout) {
    return new FileRefusal(504, 'UPSTREAM_TIMEOUT', write ? TIMEOUT_WRITE_MESSAGE : TIMEOUT_READ_MESSAGE);
  }
  if (error instanceof UpstreamUnavailable) {
    return new FileRefusal(502, 'UPSTREAM_UNAVAILABLE', UNAVAILABLE_MESSAGE);
  }
  const described = describeUpstreamFailure(error, { write });
  if (error.status === 404)
    return new FileRefusal(404, 'NOT_FOUND', described.message, described.extendedCode);
  if ([400, 409, 422].includes(error.status)) {
    return new FileRefusal(422, 'UPSTREAM_REJECTED', described.message, described.extendedCode);
  }
  // Anything else (a 5xx above all): the generic text and the request id, no code (it is in the log).
  return new FileRefusal(502, 'UPSTREAM_ERROR', described.message, described.extendedCode);
}

/** Writes the JSON error (no-store; WWW-Authenticate on a 401). */
export function sendRefusal(res: ServerResponse, refusal: FileRefusal): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.removeHeader('content-disposition');
  res.setHeader('cache-control', 'no-store');
  if (refusal.status === 401) res.setHeader('www-authenticate', 'Bearer');
  sendJson(res, refusal.status, {
    error: {
      code: refusal.code,
      message: refusal.message,
      ...(refusal.extendedCode ? { extendedCode: refusal.extendedCode } : {}),
    },
  });
}

/**
 * Input checks every module shares (ids, reasons, idempotency keys), with the same rules and Spanish messages
 * as the web's forms (@backoffice/validators). A failure is a BAD_USER_INPUT naming the field, thrown before
 * any upstream call.
 */
import { checkReason, normalizeReason } from '@backoffice/validators';
import { badUserInput } from '../errors.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** An upstream id (payment, subscription, notification…): digits/letters, `_` or `-`, at most 64 characters. */
export function checkId(id: unknown, field = 'id'): string {
  const text = typeof id === 'string' ? id.trim() : typeof id === 'number' ? String(id) : '';
  if (!ID.test(text)) throw badUserInput(`El identificador (${field}) no es válido.`, field);
  return text;
}

export const MAX_REASON_LENGTH = 500;

/** The reason of a cancel / objection / refund / reverse: required ('Disculpe, debe ingresar el motivo'), trimmed. */
export function checkReasonInput(reason: unknown, field = 'reason'): string {
  const message = checkReason(reason);
  if (message) throw badUserInput(`${message} (${field}).`, field);
  const text = normalizeReason(reason) ?? '';
  if (text.length > MAX_REASON_LENGTH) {
    throw badUserInput(`El motivo (${field}) admite hasta ${MAX_REASON_LENGTH} caracteres.`, field);
  }
  return text;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,128}$/;

/** Whether a client's key is well formed (the one rule: the money moves' journal and the inputs' check share it). */
export const isIdempotencyKey = (key: string): boolean => IDEMPOTENCY_KEY.test(key);

/** The client's idempotency key of a money-moving mutation (a UUID is fine): 8-128 of [A-Za-z0-9._:-]. */
export function checkIdempotencyKey(key: unknown, field = 'idempotencyKey'): string {
  const text = typeof key === 'string' ? key.trim() : '';
  if (!IDEMPOTENCY_KEY.test(text)) {
    throw badUserInput(
      `La clave de idempotencia (${field}) debe tener entre 8 y 128 caracteres (letras, números, . _ : -).`,
      field,
    );
  }
  return text;
}

/**
 * The write options of a client's idempotency key (checked): none without a key; `key/itemId` for one item of a
 * bulk, so every item is its own idempotent write. '/' is not allowed in a client's key, so no single move's key is
 * ever the same as an item's of a bulk.
 */
export function idempotencyOptions(
  rawKey: string | null | undefined,
  itemId?: string,
): { idempotencyKey?: string } {
  if (rawKey === null || rawKey === undefined) return {};
  const key = checkIdempotencyKey(rawKey);
  return { idempotencyKey: itemId ? `${key}/${itemId}` : key };
}

/** The request options that send a checked key as the service's `idempotency-key` header (none without a key). */
export const keyHeaders = (
  options: { idempotencyKey?: string } = {},
): { headers?: Record<string, string> } =>
  options.idempotencyKey ? { headers: { 'idempotency-key': options.idempotencyKey } } : {};

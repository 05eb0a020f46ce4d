import { Buffer } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, type Next } from '../http/plain.js';
import { jsonTooDeep, MAX_JSON_DEPTH, problemMessage } from './input-guard.js';

export const BODY_TOO_LARGE_MESSAGE = 'La solicitud es demasiado grande.';
const INVALID_BODY_MESSAGE = 'La solicitud no es válida.';

const isJson = (contentType: string | undefined) =>
  /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? '');

/**
 * Answers and closes the connection: the rest of an oversized body is never read (the socket ends once the answer
 * is flushed, so a client still sending gets the 413 instead of waiting for its upload to finish).
 */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  answer: { status: number; message: string; code: string; extensions: Record<string, unknown> },
) {
  res.setHeader('connection', 'close');
  res.once('finish', () => req.socket.destroySoon());
  sendJson(res, answer.status, {
    errors: [{ message: answer.message, extensions: { code: answer.code } }],
    ...answer.extensions,
  });
}

/** A request with its parsed JSON body (`undefined`: none, or not JSON). */
export type WithBody = IncomingMessage & { body?: unknown };

/**
 * JSON request bodies up to `limit` bytes. A declared Content-Length over the limit is refused before reading
 * anything; a body without one (chunked) is cut as soon as it passes the limit. Other content types are left
 * unparsed (Apollo answers them, e.g. its CSRF prevention); compressed bodies are refused (415), UTF-8 only.
 * A body nesting a variable's value deeper than MAX_JSON_DEPTH is refused (400 BAD_USER_INPUT) before it is parsed.
 * `extensions` go into every refusal's body (GraphQL's: what the refused request cost).
 */
export function jsonBody(
  limit: number,
  extensions: Record<string, unknown> = {},
): (req: WithBody, res: ServerResponse, next: Next) => void {
  const body = Object.keys(extensions).length ? { extensions } : {};
  const badRequest = (status: number, message: string) =>
    ({ status, message, code: 'BAD_REQUEST', extensions: body }) as const;
  return (req, res, next) => {
    req.body = undefined;
    if (req.method === 'GET' || req.method === 'HEAD' || !isJson(req.headers['content-type'])) {
      next();
      return;
    }
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity') {
      refuse(req, res, badRequest(415, INVALID_BODY_MESSAGE));
      return;
    }
    const declared = req.headers['content-length'];
    if (declared !== undefined && !(Number(declared) <= limit)) {
      refuse(req, res, badRequest(413, BODY_TOO_LARGE_MESSAGE));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (error?: { status: number; message: string }) => {
      if (done) return;
      done = true;
      req.off('data', onData).off('end', onEnd).off('error', onError);
      if (error) {
        req.pause();
        refuse(req, res, badRequest(error.status, error.message));
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      // The body and its `variables` object are two levels around a variable's value.
      const tooDeep = jsonTooDeep(text, MAX_JSON_DEPTH + 2);
      if (tooDeep) {
        const field = tooDeep[0] === 'variables' ? tooDeep[1] : undefined;
        sendJson(res, 400, {
          errors: [
            {
              message: problemMessage('depth', field),
              extensions: { code: 'BAD_USER_INPUT', ...(field ? { field } : {}) },
            },
          ],
          ...body,
        });
        return;
      }
      try {
        req.body = text.trim() === '' ? {} : JSON.parse(text);
      } catch {
        sendJson(res, 400, {
          errors: [{ message: INVALID_BODY_MESSAGE, extensions: { code: 'BAD_REQUEST' } }],
          ...body,
        });
        return;
      }
      next();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish({ status: 413, message: BODY_TOO_LARGE_MESSAGE });
      else chunks.push(chunk);
    };
    const onEnd = () => finish();
    const onError = () => {
      done = true;
      req.socket.destroy();
    };
    req.on('data', onData).on('end', onEnd).on('error', onError);
  };
}

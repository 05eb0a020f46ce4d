/**
 * What the gateway's `node:http` handlers share (server.ts, files/router.ts): per-response locals, the path of a
 * request and JSON answers.
 */
import { Buffer } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A step of the request pipeline: calls `next` to go on, or answers. */
export type Next = () => void;

/** The response's locals (`res.locals`, created on first use). */
export function localsOf<T extends object = Record<string, unknown>>(res: ServerResponse): Partial<T> {
  const holder = res as ServerResponse & { locals?: Partial<T> };
  return (holder.locals ??= Object.create(null) as Partial<T>);
}

/** The request's path, without the query string. */
export const pathOf = (req: IncomingMessage): string => {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** Answers `body` as JSON (UTF-8, with its length), as Express's `res.status(status).json(body)` did. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(text));
  res.end(text);
}

/**
 * Routing of the gateway's plain `node:http` listener (server.ts) for /files and /sandbox, with the rules Express 5
 * applied before: the same path syntax and matcher (path-to-regexp 8, what Express's router runs),
 * case-insensitive, a trailing slash allowed, parameters percent-decoded; a mount path matches itself and what is
 * below it; a GET route answers HEAD too.
 */
import type { IncomingMessage } from 'node:http';
import { match } from 'path-to-regexp';

/** A route's parameters: one value each, a wildcard's segments as a list. */
export type RouteParams = Record<string, string | string[]>;

/** A parameter that is not valid percent-encoding: the request is a 400 (as Express's router answered it). */
export class BadPathError extends Error {
  override readonly name = 'BadPathError';
  readonly status = 400;
}

const decodeParam = (value: string): string => {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw new BadPathError(`Failed to decode param '${value}'`);
  }
};

/** The parameters of `path` when it matches `pattern` (e.g. '/retiros/:id/:format'), else null. */
export function routeMatcher(pattern: string): (path: string) => RouteParams | null {
  const test = match(pattern === '/' ? pattern : pattern.replace(/\/+$/, ''), {
    sensitive: false,
    end: true,
    trailing: true,
    decode: decodeParam,
  });
  return (path) => {
    const found = test(path);
    return found ? (found.params as RouteParams) : null;
  };
}

/**
 * The path below `mount` ('/files') when `path` is the mount itself or under it ('/' for the mount itself), else
 * null: '/files/a' → '/a', '/FILES' → '/', '/filesx' → null.
 */
export function pathUnder(mount: string, path: string): string | null {
  if (path.length < mount.length || path.slice(0, mount.length).toLowerCase() !== mount.toLowerCase())
    return null;
  const rest = path.slice(mount.length);
  if (rest === '') return '/';
  return rest.startsWith('/') ? rest : null;
}

/** Whether a route of `method` answers `req` (a GET route answers HEAD too). */
export const methodIs = (req: IncomingMessage, method: 'GET' | 'POST'): boolean =>
  req.method === method || (method === 'GET' && req.method === 'HEAD');

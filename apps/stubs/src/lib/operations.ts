/**
 * The operations of the simulated services as a test names them in `/__admin` (faults, forced failures, the request
 * log): a service, a method and a path pattern in express's own syntax (`/payment/pagos/:id/cancelar`,
 * `/payment/*rest`), and the forced-failure operation names each service declares. A name, method or pattern that
 * matches nothing the stubs serve is refused with 400 naming the valid ones (a misspelt `cancelr` would otherwise
 * be accepted and never match).
 */
import type { Router } from 'express';
import { match, PathError } from 'path-to-regexp';
import { HttpError } from './errors.js';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface Route {
  method: string;
  /** The full path pattern, e.g. `/payment/pagos/:id/cancelar`. */
  path: string;
}

/** What the stubs serve, by service name; filled when the app mounts each service. */
export interface Catalogue {
  /** Every service name, in mounting order. */
  readonly services: string[];
  readonly routes: Map<string, Route[]>;
  /** Forced-failure operation names (`cancelar`, `manual`...) by service. */
  readonly operations: Map<string, Set<string>>;
}

export const createCatalogue = (): Catalogue => ({ services: [], routes: new Map(), operations: new Map() });

/** The routes a service's router mounts, with the service's prefix. */
export function routesOf(service: string, router: Router): Route[] {
  return router.stack.flatMap((layer) => {
    const route = layer.route as { path?: unknown; methods?: Record<string, boolean> } | undefined;
    if (typeof route?.path !== 'string') return [];
    return Object.keys(route.methods ?? {})
      .filter((method) => method !== '_all')
      .map((method) => ({ method: method.toUpperCase(), path: `/${service}${route.path as string}` }));
  });
}

/** 400 `bad_request` naming what would have been valid (`valid`, and in the message). */
export const unknown = (extendedCode: string, message: string, valid: readonly string[]): HttpError =>
  new HttpError(400, 'bad_request', extendedCode, `${message} Válidos: ${valid.join(', ')}.`, {
    valid: [...valid],
  });

export type PathMatcher = (path: string) => boolean;

/** A matcher of full request paths for an express-style pattern; a malformed pattern is a 400. */
export function pathMatcher(pattern: string, name = 'path'): PathMatcher {
  if (!pattern.startsWith('/') || pattern.length > 500) {
    throw new HttpError(
      400,
      'bad_request',
      'invalid_path',
      `${name} debe empezar con "/" (hasta 500 caracteres).`,
    );
  }
  try {
    const matches = match(pattern, { decode: false });
    return (path) => matches(path) !== false;
  } catch (error) {
    if (!(error instanceof PathError || error instanceof TypeError)) throw error;
    throw new HttpError(
      400,
      'bad_request',
      'invalid_path',
      `${name} no es un patrón válido (p. ej. "/payment/pagos/:id/cancelar" o "/payment/*resto"): ${error.message}`,
    );
  }
}

/** A path that the pattern `pattern` itself matches: its parameters and wildcards as one `x` segment. */
const sampleOf = (pattern: string): string =>
  pattern.replace(/[{}]/g, '').replace(/[:*](?:\w+|"[^"]*")/g, 'x');

/** The service named, or a 400 naming the services (`*` too when `wildcard`). */
export function checkService(catalogue: Catalogue, service: unknown, wildcard = false): string {
  if (
    typeof service === 'string' &&
    (catalogue.services.includes(service) || (wildcard && service === '*'))
  ) {
    return service;
  }
  const valid = wildcard ? ['*', ...catalogue.services] : catalogue.services;
  throw unknown('unknown_service', `service "${String(service)}" no es un servicio del simulador.`, valid);
}

/** The method in capitals, or a 400 naming the methods; undefined when not given. */
export function checkMethod(method: unknown): string | undefined {
  if (method === undefined || method === null) return undefined;
  const upper = typeof method === 'string' ? method.toUpperCase() : '';
  if ((METHODS as readonly string[]).includes(upper)) return upper;
  throw unknown('invalid_method', `method "${String(method)}" no es válido.`, METHODS);
}

/**
 * The path pattern's matcher, when it matches at least one route of `service` (every service for `*`) with
 * `method`; otherwise a 400 naming those routes.
 */
export function checkPath(
  catalogue: Catalogue,
  service: string,
  method: string | undefined,
  pattern: unknown,
): PathMatcher {
  if (typeof pattern !== 'string')
    throw unknown('invalid_path', 'path debe ser un texto.', ['/payment/pagos/:id']);
  const matches = pathMatcher(pattern);
  const sample = sampleOf(pattern);
  const candidates = (service === '*' ? catalogue.services : [service])
    .flatMap((name) => catalogue.routes.get(name) ?? [])
    .filter((route) => method === undefined || route.method === method);
  const served = candidates.some((route) => matches(sampleOf(route.path)) || pathMatcher(route.path)(sample));
  if (served) return matches;
  throw unknown(
    'unknown_route',
    `${method ?? 'Ninguna ruta'} ${pattern} no coincide con ninguna ruta de ${service === '*' ? 'los servicios' : service}.`,
    candidates.map((route) => `${route.method} ${route.path}`),
  );
}

/** The forced-failure operation of `service` (or `*`), or a 400 naming the service's operations. */
export function checkOperation(catalogue: Catalogue, service: string, operation: unknown): string {
  const declared = [...(catalogue.operations.get(service) ?? [])].sort();
  if (typeof operation === 'string' && (operation === '*' || declared.includes(operation))) return operation;
  throw unknown(
    'unknown_operation',
    `operation "${String(operation)}" no es una operación de ${service} con fallas forzadas (o use method y path).`,
    ['*', ...declared],
  );
}

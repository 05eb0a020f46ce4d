/**
 * What a simulated service is: a name (its URL prefix), a seed function building its store, and its
 * routes. Adding a service is writing `src/services/<name>/{store,seed,routes}.ts` and listing its
 * module in `src/services/registry.ts`.
 */
import type { Request, RequestHandler, Router } from 'express';
import type { HttpError } from './errors.js';
import type { Prng } from './prng.js';

export interface Stores {
  /** The store of an already-seeded service; throws if it does not exist. */
  get<S>(service: string): S;
}

export interface SeedContext {
  /** The numeric seed of this run. */
  seed: number;
  /** A PRNG for this service only (derived from the seed and the service name). */
  rng: Prng;
  /** Start of the current day in Argentina (epoch ms); seeded dates are relative to it. */
  today: number;
  /** The stores of the services listed in `dependsOn`. */
  stores: Stores;
}

export interface ActionResult {
  status: number;
  body: unknown;
}

export interface ServiceContext<S> {
  /** The current store (a reset replaces it: always read it per request). */
  store(): S;
  /** Every service's current store. */
  stores: Stores;
  /**
   * Wraps a state-changing handler: honours the `idempotency-key` header (same key and body answer the
   * stored response, same key with another body 409) and turns thrown HttpErrors into answers.
   */
  idempotent(handler: (req: Request) => ActionResult): RequestHandler;
  /**
   * Declares the forced-failure operation `operation` of this service (`POST /__admin/failures` accepts only
   * declared ones, and names them when refusing another) and returns its check: the error a test forced for
   * this write and id, or undefined. Call it when mounting the route; check before the action and outside
   * idempotency, so a forced failure is never stored as the key's answer.
   */
  forcedFailureOf(operation: string): (id: string) => HttpError | undefined;
}

export interface ServiceModule<S = unknown> {
  /** Also the URL prefix: `/${name}`. */
  name: string;
  /** Services whose stores must be seeded first. */
  dependsOn?: readonly string[];
  seed(context: SeedContext): S;
  routes(context: ServiceContext<S>): Router;
}

/** Helper keeping the store type when declaring a module. */
export const defineService = <S>(module: ServiceModule<S>): ServiceModule<S> => module;

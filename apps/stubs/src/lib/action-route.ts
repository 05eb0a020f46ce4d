/**
 * The state-changing endpoints of a service (`POST /pagos/:id/cancelar`, `DELETE /suscripciones/:id/medio-de-pago`...),
 * all answered the same way:
 * 1. a forced failure (`POST /__admin/failures`) for the operation (the path's last segment) and the id answers
 *    first, before idempotency, so it is never stored as a key's answer and changes nothing;
 * 2. then the `idempotency-key` (same key and request: the stored answer; another request: 409);
 * 3. then the action, given the current store and the document the `:id` names (`find` throws the 404).
 */
import type { Request, RequestHandler, Router } from 'express';
import { param } from './body.js';
import type { ActionResult, ServiceContext } from './service.js';

export type ActionMethod = 'post' | 'put' | 'delete';

export type ActionHandler<S, T> = (store: S, document: T, req: Request) => ActionResult;

/**
 * The forced failure's operation name of an action path: its last segment that is not a parameter
 * (`/pagos/:id/cancelar` → `cancelar`, `/pagos/aprobar/:id` → `aprobar`).
 */
export const operationOf = (path: string): string =>
  path
    .split('/')
    .filter((segment) => segment && !segment.startsWith(':'))
    .pop() || path;

/**
 * Declares the forced-failure `operation` of the service (`context.forcedFailureOf`) and returns the middleware
 * that answers the failure a test forced for the request's id (the path's `:id` unless `idOf` says otherwise).
 */
export function forcedFailureCheck(
  context: Pick<ServiceContext<unknown>, 'forcedFailureOf'>,
  operation: string,
  idOf: (req: Request) => string = (req) => param(req, 'id'),
): RequestHandler {
  const failureOf = context.forcedFailureOf(operation);
  return (req, _res, next) => {
    const failure = failureOf(idOf(req));
    if (failure) throw failure;
    next();
  };
}

/**
 * Returns `action(method, path, run)`, which mounts one action on `router`. `path` must name the document
 * with `:id`; `find(store, id)` returns it or throws the service's 404.
 */
export function actionRoutes<S, T>(
  router: Router,
  context: Pick<ServiceContext<S>, 'store' | 'forcedFailureOf' | 'idempotent'>,
  find: (store: S, id: string) => T,
): (method: ActionMethod, path: string, run: ActionHandler<S, T>) => void {
  return (method, path, run) => {
    if (!path.includes(':id')) throw new Error(`Action path ${path} does not name the document (:id)`);
    router[method](
      path,
      forcedFailureCheck(context, operationOf(path)),
      context.idempotent((req) => {
        const store = context.store();
        return run(store, find(store, param(req, 'id')), req);
      }),
    );
  };
}

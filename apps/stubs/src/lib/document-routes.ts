/**
 * The read routes every versioned document service has, under its collection path (`/pagos`, `/suscripciones`):
 * `GET {path}` (paged list), `GET {path}/:id`, `GET {path}/:id/historial` (`{rows}`, newest first) and
 * `GET {path}/:id/versiones/:version` (400 `invalid_version`, 404 `version_not_found`).
 */
import type { Router } from 'express';
import { param } from './body.js';
import { badRequest, notFound, type HttpError } from './errors.js';
import { send, sendJson } from './json.js';
import type { VersionedCollection, VersionedDocument } from './versioned.js';

export interface DocumentRoutesOptions<T extends VersionedDocument> {
  /** The collection path, e.g. `/pagos`. */
  path: string;
  /** The current store's documents (read per request: a reset replaces the store). */
  documents(): VersionedCollection<T>;
  /** The 404 for an unknown id. */
  notFound(id: string): HttpError;
  /** How a version-not-found message names the document: `El pago`, `La suscripción`. */
  label: string;
}

/** Mounts the read routes and returns `find(id)`, which answers the current document or throws the 404. */
export function documentRoutes<T extends VersionedDocument>(
  router: Router,
  options: DocumentRoutesOptions<T>,
): (id: string) => T {
  const { path } = options;
  const find = (id: string): T => {
    const document = options.documents().get(id);
    if (!document) throw options.notFound(id);
    return document;
  };

  router.get(path, (req, res) => {
    sendJson(res, 200, options.documents().documents.listJson(req.query as Record<string, unknown>));
  });

  router.get(`${path}/:id`, (req, res) => {
    send(res, 200, find(param(req, 'id')));
  });

  router.get(`${path}/:id/historial`, (req, res) => {
    const document = find(param(req, 'id'));
    send(res, 200, { rows: options.documents().history(document.id) });
  });

  router.get(`${path}/:id/versiones/:version`, (req, res) => {
    const document = find(param(req, 'id'));
    const raw = param(req, 'version');
    if (!/^\d{1,6}$/.test(raw))
      throw badRequest('invalid_version', 'La versión debe ser un entero positivo.');
    const version = options.documents().version(document.id, Number(raw));
    if (!version)
      throw notFound('version_not_found', `${options.label} ${document.id} no tiene la versión ${raw}.`);
    send(res, 200, version);
  });

  return find;
}

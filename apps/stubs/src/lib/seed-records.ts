/**
 * `POST /__admin/seed` (docs/testing-integration.md §4 "Your own test records"): another team's own
 * records added to a namespace's data, beside the seeded ones, until its next reset. Each record is either a
 * complete document as the service answers it, or `like` an existing one (a fixture: its copy, then the fields the
 * record gives replace the template's, top level only), always with its own `id`. All or nothing: a record that
 * is refused adds none. A new record starts at version 1; the service's actions then change it as any other.
 *
 *   { "service": "payment",
 *     "records": [{ "like": "1000001", "id": "9900001", "final_amount": 1500.5, "collector_id": "10002" }] }
 */
import { badRequest, conflict, notFound } from './errors.js';
import { checkService, type Catalogue } from './operations.js';
import type { Stores } from './service.js';
import { VersionedCollection, type VersionedDocument } from './versioned.js';

/** The most records one call adds (a seed is a test's handful, not a data load). */
export const MAX_SEED_RECORDS = 500;

/** What an id may be: what the gateway accepts as one (letters, digits, `.`, `_`, `:`, `-`; up to 64). */
const RECORD_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The services whose data takes records: those kept as versioned documents. */
export function seedableServices(stores: Stores, catalogue: Catalogue): string[] {
  return catalogue.services.filter((name) => {
    try {
      return stores.get(name) instanceof VersionedCollection;
    } catch {
      return false;
    }
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Adds the records of `body` to the namespace's `stores`; answers the service and the ids added, in order. */
export function seedRecords(
  stores: Stores,
  body: unknown,
  catalogue: Catalogue,
): { service: string; ids: string[] } {
  if (!isObject(body)) throw badRequest('invalid_seed', 'El cuerpo debe ser {"service", "records": [...]}.');
  const service = checkService(catalogue, body.service);
  const store: unknown = stores.get(service);
  if (!(store instanceof VersionedCollection)) {
    const valid = seedableServices(stores, catalogue).join(', ');
    throw badRequest(
      'unseedable_service',
      `El servicio "${service}" no admite registros propios (sí: ${valid}).`,
    );
  }
  const collection = store as VersionedCollection<VersionedDocument>;
  const { records } = body;
  if (!Array.isArray(records) || records.length === 0 || records.length > MAX_SEED_RECORDS) {
    throw badRequest('invalid_seed', `records debe ser una lista de 1 a ${MAX_SEED_RECORDS} registros.`);
  }
  const seen = new Set<string>();
  const documents = records.map((record: unknown, index) => {
    if (!isObject(record)) throw badRequest('invalid_seed', `records[${index}] no es un objeto.`);
    const { like, ...fields } = record;
    const id = fields.id;
    if (typeof id !== 'string' || !RECORD_ID.test(id)) {
      throw badRequest(
        'invalid_seed',
        `records[${index}].id debe ser un texto de letras, dígitos, ".", "_", ":" o "-" (hasta 64).`,
      );
    }
    if (collection.get(id) || seen.has(id)) throw conflict('record_exists', `Ya existe el registro ${id}.`);
    seen.add(id);
    let template: Record<string, unknown> = {};
    if (like !== undefined) {
      const found = typeof like === 'string' ? collection.get(like) : undefined;
      if (!found)
        throw notFound('unknown_record', `records[${index}].like: no existe el registro ${String(like)}.`);
      template = structuredClone(found) as unknown as Record<string, unknown>;
    }
    return { ...template, ...fields, id, version: 1, last_modified: true } as unknown as VersionedDocument;
  });
  for (const document of documents) collection.add(document);
  return { service, ids: documents.map((document) => document.id) };
}

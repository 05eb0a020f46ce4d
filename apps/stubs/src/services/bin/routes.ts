import { forcedFailureCheck } from '../../lib/action-route.js';
import express from 'express';
import { digitsOf, objectBody, param, type Json } from '../../lib/body.js';
import { MEDIA_PAYMENTS } from '../../lib/argentine-data.js';
import { badRequest, conflict, notFound, validationError } from '../../lib/errors.js';
import { send, sendJson } from '../../lib/json.js';
import { defineService, type ActionResult } from '../../lib/service.js';
import { seedBins } from './seed.js';
import type { BinStore, CardBin, LookupItem } from './store.js';
import type { Collection } from '../../lib/collection.js';

const BIN = /^\d{6}$/;
const COUNTRY = /^[A-Z]{3}$/;
const MAX_ACCREDITATION_DAYS = 365;
const MAX_BULK = 1000;
const nowIso = (): string => new Date().toISOString();

function lookup(
  list: Collection<LookupItem>,
  value: unknown,
  field: string,
  required: boolean,
): LookupItem | null {
  if (value === undefined || value === null || value === '') {
    if (required) throw validationError(`${field}_required`, `El campo ${field} es obligatorio.`);
    return null;
  }
  const found = list.get(String(value));
  if (!found) throw validationError(`invalid_${field}`, `El valor de ${field} no existe.`);
  return found;
}

/** The writable fields of a BIN body (create and update): lookups by id, country code, method, days. */
function fields(
  store: BinStore,
  body: Json,
): Omit<CardBin, 'id' | 'iin' | 'in_use' | 'created_date' | 'updated_date'> {
  const mediaPaymentId = Number(digitsOf(body.media_payment_id) ?? NaN);
  if (!Number.isInteger(mediaPaymentId) || !(mediaPaymentId in MEDIA_PAYMENTS)) {
    throw validationError('invalid_media_payment_id', 'El medio de pago (media_payment_id) no existe.');
  }
  const days = Number(digitsOf(body.accreditation_days) ?? NaN);
  if (!Number.isInteger(days) || days > MAX_ACCREDITATION_DAYS) {
    throw validationError(
      'invalid_accreditation_days',
      `Los días de acreditación deben ser un entero entre 0 y ${MAX_ACCREDITATION_DAYS}.`,
    );
  }
  const country =
    body.country === undefined || body.country === null || body.country === '' ? null : body.country;
  if (country !== null && (typeof country !== 'string' || !COUNTRY.test(country))) {
    throw validationError('invalid_country', 'El país debe ser un código ISO de 3 letras.');
  }
  return {
    brand: lookup(store.brands, body.brand_id, 'brand_id', true)!,
    type: lookup(store.types, body.type_id, 'type_id', true)!,
    subtype: lookup(store.subtypes, body.subtype_id, 'subtype_id', false),
    emisor: lookup(store.issuers, body.emisor_id, 'emisor_id', false),
    country,
    media_payment_id: mediaPaymentId,
    accreditation_days: days,
  };
}

function create(store: BinStore, body: Json): ActionResult {
  const iin = typeof body.iin === 'string' ? body.iin.trim() : '';
  if (!BIN.test(iin)) throw validationError('invalid_bin', 'El número BIN debe tener 6 dígitos.');
  if (store.bins.get(iin)) throw conflict('bin_exists', `El BIN ${iin} ya existe.`);
  const now = nowIso();
  const bin: CardBin = {
    id: iin,
    iin,
    ...fields(store, body),
    in_use: false,
    created_date: now,
    updated_date: now,
  };
  store.bins.put(bin);
  return { status: 201, body: bin };
}

export const binService = defineService<BinStore>({
  name: 'bin',
  seed: seedBins,
  routes(context) {
    const router = express.Router();
    const find = (id: string): CardBin => {
      const bin = context.store().bins.get(id);
      if (!bin) throw notFound('bin_not_found', `No existe el BIN ${id}.`);
      return bin;
    };
    const guarded = (operation: string, idOf: (body: Json, id: string) => string) =>
      forcedFailureCheck(context, operation, (req) => idOf(objectBody(req), param(req, 'id')));

    router.get('/secure', (req, res) => {
      sendJson(res, 200, context.store().bins.listJson(req.query as Record<string, unknown>));
    });
    router.get('/secure/:id', (req, res) => send(res, 200, find(param(req, 'id'))));
    router.post(
      '/secure',
      guarded('secure', (body) => String(body.iin ?? '')),
      context.idempotent((req) => create(context.store(), objectBody(req))),
    );
    router.put(
      '/secure/:id',
      guarded('secure', (_body, id) => id),
      context.idempotent((req) => {
        const bin = find(param(req, 'id'));
        const changed: CardBin = {
          ...bin,
          ...fields(context.store(), objectBody(req)),
          updated_date: nowIso(),
        };
        context.store().bins.put(changed);
        return { status: 200, body: changed };
      }),
    );
    // Delete answers true, or false when payments use the BIN (it stays).
    router.delete(
      '/secure/:id',
      guarded('secure', (_body, id) => id),
      context.idempotent((req) => {
        const bin = find(param(req, 'id'));
        if (bin.in_use) return { status: 200, body: false };
        context.store().bins.remove(bin.id);
        return { status: 200, body: true };
      }),
    );
    // Bulk delete {ids}: all or nothing; false when any of them is in use (none is deleted).
    router.post(
      '/delete-all',
      guarded('delete-all', (body) => (Array.isArray(body.ids) ? body.ids.map(String).join(',') : '')),
      context.idempotent((req) => {
        const ids = objectBody(req).ids;
        if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_BULK) {
          throw badRequest('invalid_ids', `ids debe ser una lista de 1 a ${MAX_BULK} BINs.`);
        }
        const bins = [...new Set(ids.map(String))].map(find);
        if (bins.some((bin) => bin.in_use)) return { status: 200, body: false };
        for (const bin of bins) context.store().bins.remove(bin.id);
        return { status: 200, body: true };
      }),
    );

    const lookupRoute = (path: string, list: (store: BinStore) => Collection<LookupItem>) =>
      router.get(path, (req, res) => {
        sendJson(res, 200, list(context.store()).listJson(req.query as Record<string, unknown>));
      });
    lookupRoute('/marcas', (store) => store.brands);
    lookupRoute('/tipos', (store) => store.types);
    lookupRoute('/subtipos', (store) => store.subtypes);
    lookupRoute('/emisores', (store) => store.issuers);
    return router;
  },
});

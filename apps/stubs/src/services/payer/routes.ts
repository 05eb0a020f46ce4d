import express from 'express';
import { isEmail, objectBody, param, requiredText, type Json } from '../../lib/body.js';
import { notFound, validationError } from '../../lib/errors.js';
import { send, sendJson } from '../../lib/json.js';
import { defineService } from '../../lib/service.js';
import type { CollectorStore } from '../collector/store.js';
import { seedPayers } from './seed.js';
import type { Identification, PayerReference, PayerStore } from './store.js';
import { isValidCuit } from '../../lib/argentine-data.js';

const IDENTIFICATION_LENGTHS: Readonly<Record<string, readonly number[]>> = {
  DNI_ARG: [7, 8],
  CUIT_ARG: [11],
};

/** An identification body (null or absent: none); 422 invalid_identification when it is not valid. */
function identificationOf(value: unknown): Identification | null {
  if (value === undefined || value === null) return null;
  const raw = value as Json;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw validationError('invalid_identification', 'La identificación debe ser un objeto.');
  }
  const type = typeof raw.type === 'string' ? raw.type : '';
  const lengths = IDENTIFICATION_LENGTHS[type];
  if (!lengths)
    throw validationError('invalid_identification_type', 'El tipo de identificación no es válido.');
  if (raw.country !== 'ARG')
    throw validationError('invalid_country', 'El país de la identificación no es válido.');
  const number = typeof raw.number === 'string' ? raw.number.replace(/[-_]/g, '') : '';
  const valid =
    /^\d+$/.test(number) && lengths.includes(number.length) && (type !== 'CUIT_ARG' || isValidCuit(number));
  if (!valid) throw validationError('invalid_identification', 'El número de identificación no es válido.');
  return { type, number, country: 'ARG' };
}

function optionalEmail(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (!isEmail(value)) throw validationError('invalid_email', 'El e-mail no tiene formato correcto.');
  return value.trim();
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

const nameOf = (value: unknown): string => requiredText(value, 'name_required', 'El nombre es requerido.');

export const payerService = defineService<PayerStore>({
  name: 'payer',
  dependsOn: ['payment', 'subscription', 'collector'],
  seed: seedPayers,
  routes(context) {
    const router = express.Router();
    const findReference = (id: string): PayerReference => {
      const reference = context.store().references.get(id);
      if (!reference) throw notFound('payer_reference_not_found', `No existe la referencia ${id}.`);
      return reference;
    };

    router.get('/pagadores/referencias', (req, res) => {
      sendJson(res, 200, context.store().references.listJson(req.query as Record<string, unknown>));
    });

    router.post(
      '/pagadores/referencias',
      context.idempotent((req) => {
        const body = objectBody(req);
        const collectorId = requiredText(body.collector_id, 'collector_required', 'La entidad es requerida.');
        if (!context.stores.get<CollectorStore>('collector').get(collectorId)) {
          throw validationError('collector_not_found', `No existe la entidad ${collectorId}.`);
        }
        const reference = context.store().createReference(
          {
            collector_id: collectorId,
            name: nameOf(body.name),
            email: optionalEmail(body.email),
            external_reference: optionalText(body.external_reference ?? body.externalReference),
            identification: identificationOf(body.identification),
          },
          new Date().toISOString(),
        );
        return { status: 201, body: reference };
      }),
    );

    /** Replaces the reference's name, email, external reference and identification (absent: none). */
    router.put(
      '/pagadores/referencias/:id',
      context.idempotent((req) => {
        const reference = findReference(param(req, 'id'));
        const body = objectBody(req);
        const updated: PayerReference = {
          ...reference,
          name: nameOf(body.name),
          email: optionalEmail(body.email),
          external_reference: optionalText(body.externalReference ?? body.external_reference),
          identification: identificationOf(body.identification),
          last_update_date: new Date().toISOString(),
        };
        context.store().updateReference(updated);
        return { status: 200, body: updated };
      }),
    );

    router.delete(
      '/pagadores/referencias/comercios/:id',
      context.idempotent((req) => {
        const collectorId = param(req, 'id');
        if (!context.stores.get<CollectorStore>('collector').get(collectorId)) {
          throw notFound('collector_not_found', `No existe la entidad ${collectorId}.`);
        }
        return {
          status: 200,
          body: { collector_id: collectorId, deleted: context.store().removeReferencesOf(collectorId) },
        };
      }),
    );

    router.delete(
      '/pagadores/referencias/:id',
      context.idempotent((req) => {
        const reference = findReference(param(req, 'id'));
        context.store().references.remove(reference.id);
        return { status: 200, body: { id: reference.id, deleted: true } };
      }),
    );

    router.get('/pagadores', (req, res) => {
      sendJson(res, 200, context.store().payers.listJson(req.query as Record<string, unknown>));
    });

    router.get('/pagadores/:id', (req, res) => {
      const payer = context.store().payers.get(param(req, 'id'));
      if (!payer) throw notFound('payer_not_found', `No existe el pagador ${param(req, 'id')}.`);
      send(res, 200, payer);
    });

    router.post(
      '/pagadores',
      context.idempotent((req) => {
        const body = objectBody(req);
        const name = nameOf(body.name);
        if (!isEmail(body.email))
          throw validationError('invalid_email', 'El email no tiene formato correcto.');
        const identification = identificationOf(body.identification);
        if (identification?.type === 'DNI_ARG' && identification.number.length !== 8) {
          throw validationError('invalid_identification', 'El número de DNI no es válido.');
        }
        const payer = context.store().createPayer(
          {
            name,
            email: body.email.trim(),
            external_reference: optionalText(body.external_reference),
            identification,
            phones: [],
          },
          new Date().toISOString(),
        );
        return { status: 201, body: payer };
      }),
    );
    return router;
  },
});

/**
 * Distribution transitions (spec 001 §4 "Distribution"): each checks the state first (409 invalid_status),
 * then the body (422), then applies the change.
 */
import { amountOf, isEmail, requiredText, type Json } from '../../lib/body.js';
import { isValidCbu, isValidCuit } from '../../lib/argentine-data.js';
import { invalidStatus, validationError } from '../../lib/errors.js';
import type { ActionResult } from '../../lib/service.js';
import type {
  Destination,
  Distribution,
  DistributionDetail,
  DistributionStatus,
  DistributionStore,
  DistributionType,
} from './store.js';

const nowIso = (): string => new Date().toISOString();

const REPROCESSABLE: readonly DistributionStatus[] = ['rejected', 'error', 'pending'];
const EDITABLE: readonly DistributionStatus[] = ['error', 'pending', 'rejected', 'manual', 'deferred'];

function setStatus(
  store: DistributionStore,
  header: Distribution,
  status: DistributionStatus,
  detailStatus: DistributionStatus,
  statusDetail: string | null,
): Distribution {
  const now = nowIso();
  const list = store
    .detailsOf(header.id)
    .map((d) =>
      d.status === 'success'
        ? d
        : { ...d, status: detailStatus, status_detail: statusDetail, last_update_date: now },
    );
  store.details.set(header.id, list);
  const changed: Distribution = { ...header, status, status_detail: statusDetail, last_update_date: now };
  store.distributions.put(changed);
  return changed;
}

/** POST reprocesar: rejected | error | pending -> in_process (its unpaid details too). */
export function reprocess(store: DistributionStore, header: Distribution): ActionResult {
  if (!REPROCESSABLE.includes(header.status)) {
    throw invalidStatus(
      'distribution_not_reprocessable',
      `La distribución ${header.id} no se puede reprocesar (estado: ${header.status}).`,
    );
  }
  return { status: 200, body: setStatus(store, header, 'in_process', 'in_process', null) };
}

function pendingAuthorization(header: Distribution): void {
  if (header.status !== 'authorization_pending') {
    throw invalidStatus(
      'distribution_not_pending_authorization',
      `La distribución ${header.id} no está pendiente de autorización.`,
    );
  }
}

/** POST aprobar: authorization_pending -> pending (to be paid). */
export function approve(store: DistributionStore, header: Distribution): ActionResult {
  pendingAuthorization(header);
  return { status: 200, body: setStatus(store, header, 'pending', 'pending', null) };
}

/** POST rechazar {status_detail}: authorization_pending -> rejected. */
export function reject(store: DistributionStore, header: Distribution, body: Json): ActionResult {
  pendingAuthorization(header);
  const reason = requiredText(
    body.status_detail,
    'status_detail_required',
    'Debe indicar el motivo del rechazo.',
  );
  if (reason.length > 500)
    throw validationError('status_detail_too_long', 'El motivo admite hasta 500 caracteres.');
  return { status: 200, body: setStatus(store, header, 'rejected', 'rejected', reason) };
}

function parseDestination(value: unknown): Destination {
  if (value === null || typeof value !== 'object') {
    throw validationError('destination_required', 'Falta el destino.');
  }
  const raw = value as Json;
  const type = typeof raw.type === 'string' ? raw.type.toLowerCase() : '';
  if (type !== 'cbu' && type !== 'alias') {
    throw validationError('invalid_destination_type', 'El tipo de destino debe ser cbu o alias.');
  }
  const text = typeof raw.value === 'string' ? raw.value.trim() : '';
  if (type === 'cbu' && !isValidCbu(text)) throw validationError('invalid_cbu', 'El CBU no es válido.');
  if (type === 'alias' && (text.length < 5 || text.length > 20)) {
    throw validationError('invalid_alias', 'El alias debe tener de 5 a 20 caracteres.');
  }
  const cuit = typeof raw.cuit === 'string' ? raw.cuit.replace(/[-_]/g, '').trim() : '';
  if (!isValidCuit(cuit)) throw validationError('invalid_cuit', 'El CUIT no es válido.');
  const name = typeof raw.name === 'string' ? raw.name.trim().slice(0, 200) : '';
  return { type, value: text, cuit, name };
}

const sameDestination = (a: Destination, b: Destination): boolean =>
  a.type === b.type && a.value === b.value && a.cuit === b.cuit && a.name === b.name;

/**
 * PUT detalles/{id} (no_scheduled) or programadas/.../detalles/{id} (scheduled): {destination, amount,
 * status?}. Editable in error, pending, rejected, manual or deferred; status 'success' forces it paid.
 */
export function updateDetail(
  store: DistributionStore,
  header: Distribution,
  detail: DistributionDetail,
  body: Json,
  path: DistributionType,
  user: string | null,
): ActionResult {
  if (header.type !== path) {
    throw invalidStatus(
      'distribution_type_mismatch',
      header.type === 'scheduled'
        ? `La distribución ${header.id} es programada: se modifica por /distribuciones/programadas.`
        : `La distribución ${header.id} no es programada.`,
    );
  }
  if (!EDITABLE.includes(detail.status)) {
    throw invalidStatus(
      'distribution_detail_not_editable',
      `El detalle ${detail.id} no se puede modificar (estado: ${detail.status}).`,
    );
  }
  const destination = parseDestination(body.destination);
  const amount = body.amount === undefined || body.amount === null ? detail.amount : amountOf(body.amount);
  if (amount === undefined) {
    throw validationError('invalid_amount', 'El importe debe ser mayor a cero con hasta dos decimales.');
  }
  if (body.status !== undefined && body.status !== null && body.status !== 'success') {
    throw validationError('invalid_status_value', 'Solo se puede forzar el estado success.');
  }
  const now = nowIso();
  const changes = sameDestination(detail.destination, destination)
    ? detail.destination_changes
    : [
        ...detail.destination_changes,
        { date: now, user, previous: detail.destination, current: destination },
      ];
  const forced = body.status === 'success';
  const changed: DistributionDetail = {
    ...detail,
    destination,
    amount,
    destination_changes: changes,
    status: forced ? 'success' : detail.status,
    status_detail: forced ? 'forced_success' : detail.status_detail,
    forced_success: forced ? { user, date: now } : detail.forced_success,
    last_update_date: now,
  };
  store.putDetail(changed, now);
  return { status: 200, body: changed };
}

/** POST detalles/{id}/vouchers {email}: the receipt of a paid detail. */
export function sendVoucher(store: DistributionStore, detail: DistributionDetail, body: Json): ActionResult {
  if (detail.status !== 'success') {
    throw invalidStatus('distribution_detail_not_paid', `El detalle ${detail.id} no está pagado.`);
  }
  const email = typeof body.email === 'string' ? body.email.trim() : '';
  if (!isEmail(email)) throw validationError('invalid_email', 'El e-mail no es válido.');
  const now = nowIso();
  const changed = { ...detail, vouchers: [...detail.vouchers, { email, date: now }] };
  store.putDetail(changed, changed.last_update_date);
  return { status: 200, body: { status: 'sent', email, date: now } };
}

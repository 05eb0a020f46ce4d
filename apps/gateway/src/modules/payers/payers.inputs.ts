/**
 * The payer and payer-reference inputs, checked with the forms' own rules (@backoffice/validators, 001 §5)
 * before any upstream call, and turned into the upstream bodies.
 */
import {
  checkIdentification,
  checkOptionalEmail,
  checkPayerEmail,
  checkPayerName,
  toIdentificationPayload,
  type IdentificationForm,
} from '@backoffice/validators';
import { badUserInput } from '../../errors.js';
import type {
  PayerIdentificationInput,
  PayerInput,
  PayerReferenceCreateInput,
  PayerReferenceUpdateInput,
} from '../../generated/resolvers-types.js';
import { checkId } from '../../shared/inputs.js';

const MAX_TEXT = 200;

function check(message: string | undefined, field: string): void {
  if (message) throw badUserInput(`${message} (${field}).`, field);
}

function text(value: string | null | undefined, field: string): string | undefined {
  const trimmed = value?.trim() ?? '';
  if (trimmed.length > MAX_TEXT)
    throw badUserInput(`El campo ${field} admite hasta ${MAX_TEXT} caracteres.`, field);
  return trimmed === '' ? undefined : trimmed;
}

function identification(
  value: PayerIdentificationInput | null | undefined,
  form: IdentificationForm,
): Record<string, string> | undefined {
  if (!value) return undefined;
  const errors = checkIdentification(value, form);
  check(errors?.type, 'input.identification.type');
  check(errors?.number, 'input.identification.number');
  check(errors?.country, 'input.identification.country');
  const payload = toIdentificationPayload(value);
  return payload ? { ...payload } : undefined;
}

/** POST pagadores: name, email, identification (8-digit DNI on this form). */
export function payerBody(input: PayerInput): Record<string, unknown> {
  check(checkPayerName(input.name), 'input.name');
  check(checkPayerEmail(input.email), 'input.email');
  const body: Record<string, unknown> = { name: text(input.name, 'input.name'), email: input.email.trim() };
  const id = identification(input.identification, 'payer');
  if (id) body.identification = id;
  return body;
}

/** POST pagadores/referencias: the fields given only (the form omits the untouched ones). */
export function referenceCreateBody(input: PayerReferenceCreateInput): Record<string, unknown> {
  const collectorId = checkId(input.collectorId, 'input.collectorId');
  check(checkPayerName(input.name), 'input.name');
  check(checkOptionalEmail(input.email), 'input.email');
  const body: Record<string, unknown> = { collector_id: collectorId, name: text(input.name, 'input.name') };
  const email = text(input.email, 'input.email');
  if (email !== undefined) body.email = email;
  const externalReference = text(input.externalReference, 'input.externalReference');
  if (externalReference !== undefined) body.external_reference = externalReference;
  const id = identification(input.identification, 'reference');
  if (id) body.identification = id;
  return body;
}

/** PUT pagadores/referencias/{id}: name, email, externalReference, identification (dropped when none). */
export function referenceUpdateBody(input: PayerReferenceUpdateInput): Record<string, unknown> {
  check(checkPayerName(input.name), 'input.name');
  check(checkOptionalEmail(input.email), 'input.email');
  const body: Record<string, unknown> = {
    name: text(input.name, 'input.name'),
    email: text(input.email, 'input.email') ?? null,
    externalReference: text(input.externalReference, 'input.externalReference') ?? null,
  };
  const id = identification(input.identification, 'reference');
  if (id) body.identification = id;
  return body;
}

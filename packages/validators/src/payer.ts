/** Payer and payer-reference forms (001 §5 "Payer reference and payer forms"). */
import './locale.js';
import * as yup from 'yup';
import { checkOptionalEmail, checkPayerEmail } from './email.js';
import { identificationSchema, type IdentificationValues } from './identification.js';
import { PAYER_NAME_MAX } from './limits.js';
import { MESSAGES } from './messages.js';
import { isPresent, trimmed } from './text.js';
import { mixedField, stringField } from './yup-helpers.js';

/** Payer (or card/account holder) name: 'El nombre es requerido' (blank counts as empty). */
export function checkPayerName(value: unknown): string | undefined {
  return trimmed(value) === '' ? MESSAGES.nameRequired : undefined;
}

/** Collector (entidad) of a payer reference: 'La entidad es requerida'. */
export function checkReferenceCollector(value: unknown): string | undefined {
  return isPresent(value) ? undefined : MESSAGES.collectorRequired;
}

/** Name of a payer or payer reference: required, at most PAYER_NAME_MAX characters. */
export function checkPayerFormName(value: unknown): string | undefined {
  return checkPayerName(value) ?? (trimmed(value).length > PAYER_NAME_MAX ? MESSAGES.nameMax : undefined);
}

export const payerNameSchema = stringField(checkPayerFormName, 'payerName');

/** New payer (/pagadores/nuevo): name, e-mail (required), identification (8-digit DNI). */
export const payerFormSchema = yup.object({
  name: payerNameSchema,
  email: stringField(checkPayerEmail, 'payerEmail'),
  identification: identificationSchema('payer'),
});

/**
 * New or edited payer reference: collector required, name, optional e-mail,
 * free external reference, identification (DNI 7 or 8 digits).
 */
export const payerReferenceFormSchema = yup.object({
  collectorId: mixedField<string | number>(checkReferenceCollector, 'referenceCollector'),
  name: payerNameSchema,
  email: stringField(checkOptionalEmail, 'referenceEmail'),
  externalReference: yup.string().nullable(),
  identification: identificationSchema('reference'),
});

export interface PayerFormValues {
  name?: string | null;
  email?: string | null;
  identification?: IdentificationValues | null;
}

export interface PayerReferenceFormValues extends PayerFormValues {
  collectorId?: string | number | null;
  externalReference?: string | null;
}

/** Tax-authority presentations (/afip, 001 §5 "Tax presentations"). */
import './locale.js';
import * as yup from 'yup';
import { MESSAGES } from './messages.js';
import { isPresent, trimmed } from './text.js';
import { mixedField, stringField } from './yup-helpers.js';

/** Manual presentation: a transaction id is required, trimmed ('Ingrese el ID de transacción'). */
export function checkAfipTransactionId(value: unknown): string | undefined {
  return trimmed(value) === '' ? MESSAGES.afipTransactionIdRequired : undefined;
}

/** The transaction id to send, trimmed; undefined when empty (the dialog ignores it). */
export function normalizeAfipTransactionId(value: unknown): string | undefined {
  const text = trimmed(value);
  return text === '' ? undefined : text;
}

/** Create: a form type (file structure) is required ('Seleccione un formulario'). */
export function checkAfipFormType(value: unknown): string | undefined {
  return isPresent(value) ? undefined : MESSAGES.afipFormTypeRequired;
}

/** Create: a period is required ('Seleccione un período'); a Date must be a valid one. */
export function checkAfipPeriod(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? MESSAGES.afipPeriodRequired : undefined;
  return isPresent(value) ? undefined : MESSAGES.afipPeriodRequired;
}

export const afipManualPresentationSchema = yup.object({
  transactionId: stringField(checkAfipTransactionId, 'afipTransactionId'),
});

/** Create dialog: fileStructureId (form type) and period. */
export const afipCreateSchema = yup.object({
  fileStructureId: mixedField<string | number>(checkAfipFormType, 'afipFormType'),
  period: mixedField<string | Date>(checkAfipPeriod, 'afipPeriod'),
});

/** Reprocess: the reason (reprocess_detail) is optional. */
export const afipReprocessSchema = yup.object({
  reason: yup.string().nullable(),
});

/**
 * The change-payment-method input (spec 000 §3 "Payment-method change payload") shared by every module that
 * changes a method (payments, subscriptions): validated with the web form's schemas (@backoffice/validators),
 * a failure is a BAD_USER_INPUT naming the field before any upstream call.
 */
import {
  cardPaymentMethodSchema,
  collectErrors,
  parseCardExpiration,
  toHolderPayload,
  transferPaymentMethodSchema,
} from '@backoffice/validators';
import { badUserInput } from '../errors.js';
import type { PaymentMethodChangeInput } from '../generated/resolvers-types.js';

/** The payload of PUT .../medio-de-pago (payments and subscriptions) (spec 000 §3 "Payment-method change payload"). */
export interface MethodChangeBody {
  number: string;
  expiration_month?: number;
  expiration_year?: number;
  holder: { name: string; identification: { country: string; type: string; number: string } };
}

/**
 * Validates the change-payment-method input with the web form's schemas (card: number 13-19 digits,
 * MM/YYYY not in the past, holder name, DNI 7-8; transfer: CBU of 22 with check digits, holder name, CUIT)
 * and builds the upstream payload (type DNI_ARG / CUIT_ARG and country ARG filled in).
 */
export function methodChangeBody(
  input: PaymentMethodChangeInput,
  now: Date,
  field = 'input',
): MethodChangeBody {
  const kind = input.kind === 'CARD' ? 'card' : 'transfer';
  const values = {
    number: input.number?.trim() ?? '',
    ...(kind === 'card' ? { expiration: input.expiration?.trim() ?? '' } : {}),
    holder: {
      name: input.holder?.name ?? '',
      identification: {
        number: input.holder?.identification?.number ?? '',
        type: input.holder?.identification?.type ?? null,
        country: input.holder?.identification?.country ?? null,
      },
    },
  };
  const schema = kind === 'card' ? cardPaymentMethodSchema : transferPaymentMethodSchema;
  const errors = collectErrors(schema, values, { now });
  if (errors) {
    const [path, message] = Object.entries(errors)[0]!;
    const name = `${field}.${path}`;
    throw badUserInput(`${message.replace(/\.$/, '')} (${name}).`, name);
  }
  const body: MethodChangeBody = {
    number: values.number,
    holder: toHolderPayload(kind, values.holder),
  };
  if (kind === 'card') {
    const expiration = parseCardExpiration(values.expiration)!;
    body.expiration_month = Number(expiration.month);
    body.expiration_year = Number(expiration.year);
  }
  return body;
}

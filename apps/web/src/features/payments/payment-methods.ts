import type { PaymentMethodCatalogueQuery } from './gql/graphql';

/**
 * Payment-method labels and search over the gateway's catalogue (Query.paymentMethodCatalogue, read through
 * usePaymentMethodCatalogue): the web keeps no copy of it. Pure functions, the catalogue passed in.
 */

/** One entry: media payment id, Spanish name, whether it is a card. */
export type PaymentMethodEntry = NonNullable<PaymentMethodCatalogueQuery['paymentMethodCatalogue']>[number];

export interface PaymentMethodCatalogue {
  /** In media payment id order, as the gateway answers them. */
  entries: readonly PaymentMethodEntry[];
  find(mediaPaymentId: number | null | undefined): PaymentMethodEntry | undefined;
}

export function paymentMethodCatalogue(entries: readonly PaymentMethodEntry[]): PaymentMethodCatalogue {
  const byId = new Map(entries.map((entry) => [entry.mediaPaymentId, entry]));
  return {
    entries,
    find: (id) => (id === null || id === undefined ? undefined : byId.get(id)),
  };
}

/** Until the catalogue arrives. */
export const EMPTY_PAYMENT_METHOD_CATALOGUE = paymentMethodCatalogue([]);

/** Case-insensitive (and accent-insensitive) substring search over the names. */
export function searchPaymentMethods(catalogue: PaymentMethodCatalogue, text: string): PaymentMethodEntry[] {
  const needle = fold(text.trim());
  if (!needle) return [...catalogue.entries];
  return catalogue.entries.filter((entry) => fold(entry.name).includes(needle));
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export interface PaymentMethodSummaryInput {
  mediaPaymentId?: number | null;
  mediaPaymentName?: string | null;
  lastFourDigits?: string | null;
}

export interface PaymentMethodLabel {
  /** Spanish name, e.g. 'Visa Débito'. */
  name: string;
  /** '•••• 1234' for a card with known last digits, '' otherwise. */
  masked: string;
}

/**
 * Name and masked card of each method. The gateway's Spanish name wins (it comes from the same catalogue);
 * the catalogue fills in when it is missing, then "Medio {id}".
 */
export function paymentMethodLabels(
  methods: readonly PaymentMethodSummaryInput[],
  catalogue: PaymentMethodCatalogue,
): PaymentMethodLabel[] {
  return methods
    .map((method) => {
      const entry = catalogue.find(method.mediaPaymentId);
      const name =
        method.mediaPaymentName?.trim() ||
        entry?.name ||
        (method.mediaPaymentId !== null && method.mediaPaymentId !== undefined
          ? `Medio ${method.mediaPaymentId}`
          : '');
      const digits = method.lastFourDigits?.trim();
      const masked = entry?.isCard && digits ? `•••• ${digits.slice(-4)}` : '';
      return { name, masked };
    })
    .filter((label) => label.name !== '' || label.masked !== '');
}

/** "Visa •••• 1234" for a card, the method name otherwise; several methods are joined with " + ". */
export function describePaymentMethods(
  methods: readonly PaymentMethodSummaryInput[],
  catalogue: PaymentMethodCatalogue,
): string {
  return paymentMethodLabels(methods, catalogue)
    .map((label) => [label.name, label.masked].filter(Boolean).join(' '))
    .join(' + ');
}

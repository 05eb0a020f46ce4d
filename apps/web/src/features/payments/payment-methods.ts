/**
 * The local payment-method catalogue (spec 001 §3): code (media payment id), name and Spanish description.
 * Searched by a case-insensitive substring of the description. Names match the gateway's catalogue
 * (apps/gateway/src/modules/payments/payment-methods.ts); 92 (tokens) is a tokenised card.
 */

export type PaymentMethodKind = 'card' | 'bank' | 'cash' | 'other';

export interface PaymentMethodEntry {
  /** media_payment_id */
  code: number;
  /** Upstream name, e.g. visa_debito. */
  name: string;
  /** Spanish description shown to the operator. */
  description: string;
  kind: PaymentMethodKind;
}

export const PAYMENT_METHODS: readonly PaymentMethodEntry[] = [
  { code: 1, name: 'cbu', description: 'CBU', kind: 'bank' },
  { code: 2, name: 'american_express', description: 'American Express', kind: 'card' },
  { code: 3, name: 'diners', description: 'Diners', kind: 'card' },
  { code: 4, name: 'jcb', description: 'JCB', kind: 'card' },
  { code: 5, name: 'mastercard', description: 'Mastercard', kind: 'card' },
  { code: 6, name: 'cabal', description: 'Cabal', kind: 'card' },
  { code: 7, name: 'naranja', description: 'Naranja', kind: 'card' },
  { code: 8, name: 'kadicard', description: 'Kadicard', kind: 'card' },
  { code: 9, name: 'visa', description: 'Visa', kind: 'card' },
  { code: 10, name: 'visa_debito', description: 'Visa Débito', kind: 'card' },
  { code: 11, name: 'visa_naranja', description: 'Visa Naranja', kind: 'card' },
  { code: 12, name: 'favacard', description: 'Favacard', kind: 'card' },
  { code: 13, name: 'lider', description: 'Líder', kind: 'card' },
  { code: 14, name: 'credimas', description: 'Credimás', kind: 'card' },
  { code: 15, name: 'nevada', description: 'Nevada', kind: 'card' },
  { code: 16, name: 'patagonia_365', description: 'Patagonia 365', kind: 'card' },
  { code: 17, name: 'sol', description: 'Sol', kind: 'card' },
  { code: 18, name: 't_shopping', description: 'Tarjeta Shopping', kind: 'card' },
  { code: 19, name: 'italcred', description: 'Italcred', kind: 'card' },
  { code: 20, name: 'cencosud', description: 'Cencosud', kind: 'card' },
  { code: 21, name: 'pyme_nacion', description: 'PyME Nación', kind: 'card' },
  { code: 22, name: 'argenta', description: 'Argenta', kind: 'card' },
  { code: 23, name: 'nativa', description: 'Nativa', kind: 'card' },
  { code: 24, name: 'argencard', description: 'Argencard', kind: 'card' },
  { code: 25, name: 'maestro', description: 'Maestro', kind: 'card' },
  { code: 26, name: 'cordobesa', description: 'Cordobesa', kind: 'card' },
  { code: 27, name: 'mastercard_debito', description: 'Mastercard Débito', kind: 'card' },
  { code: 29, name: 'cordobesa_visa', description: 'Cordobesa Visa', kind: 'card' },
  { code: 30, name: 'nativa_visa', description: 'Nativa Visa', kind: 'card' },
  { code: 31, name: 'cabal_debito', description: 'Cabal Débito', kind: 'card' },
  { code: 32, name: 'coopeplus', description: 'Coopeplus', kind: 'card' },
  { code: 89, name: 'provincia_net', description: 'Provincia NET', kind: 'other' },
  { code: 90, name: 'credits', description: 'Créditos', kind: 'other' },
  { code: 91, name: 'link_pagos', description: 'Link Pagos', kind: 'other' },
  { code: 92, name: 'tokens', description: 'Tokens', kind: 'card' },
  { code: 94, name: 'transferencia', description: 'Transferencia', kind: 'bank' },
  { code: 95, name: 'efectivo', description: 'Efectivo', kind: 'cash' },
  { code: 96, name: 'cheque', description: 'Cheque', kind: 'other' },
  { code: 97, name: 'rapipago', description: 'Rapipago', kind: 'cash' },
  { code: 98, name: 'pagofacil', description: 'Pago Fácil', kind: 'cash' },
  { code: 99, name: 'undefined', description: 'Sin definir', kind: 'other' },
];

/** Media payment id 92 is the token type (spec 000 §9). */
export const TOKEN_MEDIA_PAYMENT_ID = 92;

const BY_CODE = new Map(PAYMENT_METHODS.map((entry) => [entry.code, entry]));

export function findPaymentMethod(code: number | null | undefined): PaymentMethodEntry | undefined {
  return code === null || code === undefined ? undefined : BY_CODE.get(code);
}

export function isKnownPaymentMethod(code: number): boolean {
  return BY_CODE.has(code);
}

/** Case-insensitive (and accent-insensitive) substring search over the description. */
export function searchPaymentMethods(text: string): PaymentMethodEntry[] {
  const needle = fold(text.trim());
  if (!needle) return [...PAYMENT_METHODS];
  return PAYMENT_METHODS.filter((entry) => fold(entry.description).includes(needle));
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
 * Name and masked card of each method. The gateway's Spanish name wins; the local catalogue fills in
 * when it is missing.
 */
export function paymentMethodLabels(methods: readonly PaymentMethodSummaryInput[]): PaymentMethodLabel[] {
  return methods
    .map((method) => {
      const entry = findPaymentMethod(method.mediaPaymentId);
      const name =
        method.mediaPaymentName?.trim() ||
        entry?.description ||
        (method.mediaPaymentId !== null && method.mediaPaymentId !== undefined
          ? `Medio ${method.mediaPaymentId}`
          : '');
      const digits = method.lastFourDigits?.trim();
      const masked = entry?.kind === 'card' && digits ? `•••• ${digits.slice(-4)}` : '';
      return { name, masked };
    })
    .filter((label) => label.name !== '' || label.masked !== '');
}

/** "Visa •••• 1234" for a card, the method name otherwise; several methods are joined with " + ". */
export function describePaymentMethods(methods: readonly PaymentMethodSummaryInput[]): string {
  return paymentMethodLabels(methods)
    .map((label) => [label.name, label.masked].filter(Boolean).join(' '))
    .join(' + ');
}

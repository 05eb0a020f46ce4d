/**
 * The payment-method catalogue (spec 001 §3): media_payment_id -> code and Spanish display name, and whether
 * it is a card (the web masks a card's last four digits). Id 92 is the token type (a tokenised card); 94
 * (transferencia) is auto-reconciled. The one copy: Payment.paymentMethods names come from it and the web
 * reads it through Query.paymentMethodCatalogue. Shared: the subscription filter "payment type" reads it too.
 */
export interface PaymentMethodInfo {
  id: number;
  code: string;
  name: string;
  isCard: boolean;
}

export const PAYMENT_METHODS: readonly PaymentMethodInfo[] = [
  { id: 1, code: 'cbu', name: 'CBU', isCard: false },
  { id: 2, code: 'american_express', name: 'American Express', isCard: true },
  { id: 3, code: 'diners', name: 'Diners', isCard: true },
  { id: 4, code: 'jcb', name: 'JCB', isCard: true },
  { id: 5, code: 'mastercard', name: 'Mastercard', isCard: true },
  { id: 6, code: 'cabal', name: 'Cabal', isCard: true },
  { id: 7, code: 'naranja', name: 'Naranja', isCard: true },
  { id: 8, code: 'kadicard', name: 'Kadicard', isCard: true },
  { id: 9, code: 'visa', name: 'Visa', isCard: true },
  { id: 10, code: 'visa_debito', name: 'Visa Débito', isCard: true },
  { id: 11, code: 'visa_naranja', name: 'Visa Naranja', isCard: true },
  { id: 12, code: 'favacard', name: 'Favacard', isCard: true },
  { id: 13, code: 'lider', name: 'Líder', isCard: true },
  { id: 14, code: 'credimas', name: 'Credimás', isCard: true },
  { id: 15, code: 'nevada', name: 'Nevada', isCard: true },
  { id: 16, code: 'patagonia_365', name: 'Patagonia 365', isCard: true },
  { id: 17, code: 'sol', name: 'Sol', isCard: true },
  { id: 18, code: 't_shopping', name: 'Tarjeta Shopping', isCard: true },
  { id: 19, code: 'italcred', name: 'Italcred', isCard: true },
  { id: 20, code: 'cencosud', name: 'Cencosud', isCard: true },
  { id: 21, code: 'pyme_nacion', name: 'PyME Nación', isCard: true },
  { id: 22, code: 'argenta', name: 'Argenta', isCard: true },
  { id: 23, code: 'nativa', name: 'Nativa', isCard: true },
  { id: 24, code: 'argencard', name: 'Argencard', isCard: true },
  { id: 25, code: 'maestro', name: 'Maestro', isCard: true },
  { id: 26, code: 'cordobesa', name: 'Cordobesa', isCard: true },
  { id: 27, code: 'mastercard_debito', name: 'Mastercard Débito', isCard: true },
  { id: 29, code: 'cordobesa_visa', name: 'Cordobesa Visa', isCard: true },
  { id: 30, code: 'nativa_visa', name: 'Nativa Visa', isCard: true },
  { id: 31, code: 'cabal_debito', name: 'Cabal Débito', isCard: true },
  { id: 32, code: 'coopeplus', name: 'Coopeplus', isCard: true },
  { id: 89, code: 'provincia_net', name: 'Provincia NET', isCard: false },
  { id: 90, code: 'credits', name: 'Créditos', isCard: false },
  { id: 91, code: 'link_pagos', name: 'Link Pagos', isCard: false },
  { id: 92, code: 'tokens', name: 'Tokens', isCard: true },
  { id: 94, code: 'transferencia', name: 'Transferencia', isCard: false },
  { id: 95, code: 'efectivo', name: 'Efectivo', isCard: false },
  { id: 96, code: 'cheque', name: 'Cheque', isCard: false },
  { id: 97, code: 'rapipago', name: 'Rapipago', isCard: false },
  { id: 98, code: 'pagofacil', name: 'Pago Fácil', isCard: false },
  { id: 99, code: 'undefined', name: 'Sin definir', isCard: false },
];

/** Media payment id of the token type (shows currency-conversion info). */
export const TOKEN_MEDIA_PAYMENT_ID = 92;

const BY_ID = new Map(PAYMENT_METHODS.map((m) => [m.id, m]));

export const paymentMethodName = (id: number | null | undefined): string | null =>
  id === null || id === undefined ? null : (BY_ID.get(id)?.name ?? null);

export const isKnownPaymentMethod = (id: number): boolean => BY_ID.has(id);

/** Media payment id of a CBU account debit: what the platform calls a "debit" payment method. */
export const CBU_DEBIT_MEDIA_PAYMENT_ID = 1;

/** Media payment ids of every card of the catalogue (tokens included). */
export const CARD_MEDIA_PAYMENT_IDS: readonly number[] = PAYMENT_METHODS.filter((m) => m.isCard).map(
  (m) => m.id,
);

/**
 * The local payment-method catalogue (spec 001 §3): media_payment_id -> code and Spanish display name.
 * Id 92 is the token type; 94 (transferencia) is auto-reconciled.
 */
export interface PaymentMethodInfo {
  id: number;
  code: string;
  name: string;
}

export const PAYMENT_METHODS: readonly PaymentMethodInfo[] = [
  { id: 1, code: 'cbu', name: 'CBU' },
  { id: 2, code: 'american_express', name: 'American Express' },
  { id: 3, code: 'diners', name: 'Diners' },
  { id: 4, code: 'jcb', name: 'JCB' },
  { id: 5, code: 'mastercard', name: 'Mastercard' },
  { id: 6, code: 'cabal', name: 'Cabal' },
  { id: 7, code: 'naranja', name: 'Naranja' },
  { id: 8, code: 'kadicard', name: 'Kadicard' },
  { id: 9, code: 'visa', name: 'Visa' },
  { id: 10, code: 'visa_debito', name: 'Visa Débito' },
  { id: 11, code: 'visa_naranja', name: 'Visa Naranja' },
  { id: 12, code: 'favacard', name: 'Favacard' },
  { id: 13, code: 'lider', name: 'Líder' },
  { id: 14, code: 'credimas', name: 'Credimás' },
  { id: 15, code: 'nevada', name: 'Nevada' },
  { id: 16, code: 'patagonia_365', name: 'Patagonia 365' },
  { id: 17, code: 'sol', name: 'Sol' },
  { id: 18, code: 't_shopping', name: 'Tarjeta Shopping' },
  { id: 19, code: 'italcred', name: 'Italcred' },
  { id: 20, code: 'cencosud', name: 'Cencosud' },
  { id: 21, code: 'pyme_nacion', name: 'PyME Nación' },
  { id: 22, code: 'argenta', name: 'Argenta' },
  { id: 23, code: 'nativa', name: 'Nativa' },
  { id: 24, code: 'argencard', name: 'Argencard' },
  { id: 25, code: 'maestro', name: 'Maestro' },
  { id: 26, code: 'cordobesa', name: 'Cordobesa' },
  { id: 27, code: 'mastercard_debito', name: 'Mastercard Débito' },
  { id: 29, code: 'cordobesa_visa', name: 'Cordobesa Visa' },
  { id: 30, code: 'nativa_visa', name: 'Nativa Visa' },
  { id: 31, code: 'cabal_debito', name: 'Cabal Débito' },
  { id: 32, code: 'coopeplus', name: 'Coopeplus' },
  { id: 89, code: 'provincia_net', name: 'Provincia NET' },
  { id: 90, code: 'credits', name: 'Créditos' },
  { id: 91, code: 'link_pagos', name: 'Link Pagos' },
  { id: 92, code: 'tokens', name: 'Tokens' },
  { id: 94, code: 'transferencia', name: 'Transferencia' },
  { id: 95, code: 'efectivo', name: 'Efectivo' },
  { id: 96, code: 'cheque', name: 'Cheque' },
  { id: 97, code: 'rapipago', name: 'Rapipago' },
  { id: 98, code: 'pagofacil', name: 'Pago Fácil' },
  { id: 99, code: 'undefined', name: 'Sin definir' },
];

/** Media payment id of the token type (shows currency-conversion info). */
export const TOKEN_MEDIA_PAYMENT_ID = 92;

const BY_ID = new Map(PAYMENT_METHODS.map((m) => [m.id, m]));

export const paymentMethodName = (id: number | null | undefined): string | null =>
  id === null || id === undefined ? null : (BY_ID.get(id)?.name ?? null);

export const isKnownPaymentMethod = (id: number): boolean => BY_ID.has(id);

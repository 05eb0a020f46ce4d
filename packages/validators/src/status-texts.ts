/**
 * Statuses and types as the screens label them, by the services' codes (spec 000 §4, 001 §4): one catalogue for
 * the screens (their GraphQL enums are these codes in capitals, `byEnum`) and for the files an operator downloads
 * (a file says 'Pendiente', never 'pending'). No yup here: list chunks import it.
 */
export const PAYMENT_STATUS_TEXTS = {
  pending: 'Pendiente',
  issued: 'Emitido',
  approved: 'Aprobado',
  partial: 'Parcial',
  rejected: 'Rechazado',
  refunded: 'Devuelto',
  objected: 'Objetado',
  overdue: 'Vencido',
} as const;

export const SUBSCRIPTION_STATUS_TEXTS = {
  active: 'Activa',
  pending: 'Pendiente',
  cancelled: 'Cancelada',
} as const;

export const SUBSCRIPTION_TYPE_TEXTS = {
  subscription: 'Suscripción',
  adhesion: 'Adhesión',
  plan: 'Plan',
} as const;

/**
 * A payment import (a file of payments to issue): its list, its detail and the global search. 'Por confirmar' as a
 * withdrawal's 'Por autorizar': a status reads on one line in its list's chip at 1280 px.
 */
export const IMPORT_STATUS_TEXTS = {
  pending_approved: 'Por confirmar',
  approved: 'Aprobada',
  cancelled: 'Cancelada',
  error: 'Con errores',
} as const;

/** A withdraw (the transfer to the bank): 'Retiros a transferir' and 'Historial de retiros'. */
export const WITHDRAW_STATUS_TEXTS = {
  pending: 'Pendiente',
  transferred: 'Transferido',
  rejected: 'Rechazado',
} as const;

/**
 * A withdrawal request: 'Retiros pendientes de autorización'. 'Por autorizar' as a batch's 'Por retirar': a status
 * reads on one line in its list's chip at 1280 px.
 */
export const WITHDRAWAL_STATUS_TEXTS = {
  pending_authorization: 'Por autorizar',
  authorized: 'Autorizado',
  refused: 'Rechazado',
} as const;

/** A code's text in a catalogue; an unknown code as the service wrote it (a file never loses a value). */
export function statusText(texts: Readonly<Record<string, string>>, code: string | null | undefined): string {
  if (code === null || code === undefined) return '';
  return texts[code.toLowerCase()] ?? code;
}

/** The catalogue keyed by the GraphQL enum values ('pending' -> 'PENDING'), for the screens' label maps. */
export function byEnum<T extends Readonly<Record<string, string>>>(
  texts: T,
): { readonly [K in keyof T as Uppercase<K & string>]: T[K] } {
  return Object.fromEntries(Object.entries(texts).map(([code, text]) => [code.toUpperCase(), text])) as {
    readonly [K in keyof T as Uppercase<K & string>]: T[K];
  };
}

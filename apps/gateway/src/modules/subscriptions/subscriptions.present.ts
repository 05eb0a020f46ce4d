/** Where the external subscription form lives (spec 000 §2: the form host serves /v2/suscripciones/{id}). */
export const DEFAULT_SUBSCRIPTION_FORM_HOST = 'http://localhost:5173/formulario';

let formHostCache: string | null = null;

/** FORM_HOST (the same setting as the payment checkout), read once; an invalid value fails loudly. */
export function subscriptionFormHost(env: Record<string, string | undefined> = process.env): string {
  if (formHostCache !== null && env === process.env) return formHostCache;
  const host = (env.FORM_HOST?.trim() || DEFAULT_SUBSCRIPTION_FORM_HOST).replace(/\/+$/, '');
  if (!URL.canParse(host)) throw new Error(`FORM_HOST must be an absolute URL (got "${host}")`);
  if (env === process.env) formHostCache = host;
  return host;
}

export const subscriptionFormUrl = (id: string, formHost: string = subscriptionFormHost()): string =>
  `${formHost}/v2/suscripciones/${encodeURIComponent(id)}`;

/** Spanish success messages (spec 000 §8). */
export const SUBSCRIPTION_SUCCESS = {
  cancel: 'La suscripción se canceló correctamente.',
  changePaymentMethod: 'El medio de pago de la suscripción se actualizó correctamente.',
  removePaymentMethod: 'El medio de pago de la suscripción se eliminó correctamente.',
  updateAmount: 'El importe de la suscripción se actualizó correctamente.',
  sendEmail: 'El e-mail se envió correctamente.',
  refresh: 'La suscripción se actualizó correctamente.',
} as const;

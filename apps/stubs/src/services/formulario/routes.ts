/**
 * The payment form host (spec 000 §2) for development and tests: `/formulario/{paymentId}/checkout`
 * (+ `/ticket`, `?retry=true`), `/formulario/v2/pagos/{id}` and `/formulario/v2/suscripciones/{id}` answer a
 * plain Spanish HTML page built from the payment and subscription stubs' current state. Every upstream string
 * is HTML-escaped and the page carries a CSP forbidding scripts. The gateway's FORM_HOST points here in the
 * stack (`scripts/stack.mjs`).
 */
import express, { type Response } from 'express';
import { PAYMENT_STATUS_TEXTS, statusText } from '@backoffice/validators';
import { defineService } from '../../lib/service.js';
import type { Payment, PaymentStore } from '../payment/store.js';
import type { Subscription, SubscriptionStore } from '../subscription/store.js';

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const money = (amount: number, currency: string): string => {
  try {
    return new Intl.NumberFormat('es-AR', { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2 }).format(amount)}`;
  }
};

const date = (iso: string | null): string =>
  iso
    ? new Intl.DateTimeFormat('es-AR', {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: 'America/Argentina/Buenos_Aires',
      }).format(new Date(iso))
    : '—';

function page(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .set({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    })
    .send(
      `<!doctype html><html lang="es-AR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
        '<style>body{font-family:sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}' +
        'dt{font-weight:bold}dd{margin:0 0 .5rem}.aviso{background:#fff4e5;padding:.5rem 1rem}</style>' +
        `</head><body><main>${body}</main></body></html>`,
    );
}

const fields = (rows: [string, string][]): string =>
  `<dl>${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;

function notFoundPage(res: Response, what: string): void {
  page(res, 404, 'No encontrado', `<h1>No encontrado</h1><p>${escapeHtml(what)}</p>`);
}

function checkoutPage(res: Response, payment: Payment, ticket: boolean, isRetry: boolean): void {
  const heading = ticket ? `Comprobante del pago ${payment.id}` : `Formulario de pago ${payment.id}`;
  const concept = payment.details.map((detail) => detail.concept_description).join(', ') || '—';
  const notice = isRetry
    ? '<p class="aviso" data-retry="true">Reintento de pago: ingrese un nuevo medio de pago.</p>'
    : '';
  page(
    res,
    200,
    heading,
    `<h1>${escapeHtml(heading)}</h1>${notice}` +
      fields([
        ['Pago', payment.id],
        ['Concepto', concept],
        ['Importe', money(payment.final_amount, payment.currency_id)],
        ['Vencimiento', date(payment.due_date)],
        ['Pagador', payment.payer.name],
        ['Estado', statusText(PAYMENT_STATUS_TEXTS, payment.status)],
      ]),
  );
}

function subscriptionPage(res: Response, subscription: Subscription): void {
  const heading = `Suscripción ${subscription.id}`;
  page(
    res,
    200,
    heading,
    `<h1>${escapeHtml(heading)}</h1>` +
      fields([
        ['Suscripción', subscription.id],
        ['Concepto', subscription.detail.concept_description],
        ['Importe', money(subscription.amount, subscription.currency_id)],
        ['Pagador', subscription.payer.name],
        ['Estado', subscription.status],
      ]),
  );
}

export const formularioService = defineService<Record<string, never>>({
  name: 'formulario',
  dependsOn: ['payment', 'subscription'],
  seed: () => ({}),
  routes(context) {
    const router = express.Router();
    const payments = () => context.stores.get<PaymentStore>('payment');
    const showPayment = (id: string, ticket: boolean, res: Response, isRetry = false): void => {
      const payment = payments().get(id);
      if (!payment) return notFoundPage(res, `No existe el pago ${id}.`);
      checkoutPage(res, payment, ticket, isRetry);
    };
    router.get('/v2/pagos/:id', (req, res) => showPayment(req.params.id, false, res));
    router.get('/v2/suscripciones/:id', (req, res) => {
      const subscription = context.stores.get<SubscriptionStore>('subscription').get(req.params.id);
      if (!subscription) return notFoundPage(res, `No existe la suscripción ${req.params.id}.`);
      subscriptionPage(res, subscription);
    });
    router.get('/:id/checkout', (req, res) =>
      showPayment(req.params.id, false, res, req.query.retry === 'true'),
    );
    router.get('/:id/checkout/ticket', (req, res) =>
      showPayment(req.params.id, true, res, req.query.retry === 'true'),
    );
    router.use((req, res) => notFoundPage(res, `No existe la página ${req.path}.`));
    return router;
  },
});

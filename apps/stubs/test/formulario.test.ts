import { beforeAll, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../src/services/payment/seed.js';
import { sharedClient, type Client } from './helpers.js';

let client: Client;
beforeAll(async () => {
  client = await sharedClient();
});

const html = async (path: string) => {
  const response = await fetch(`${client.stubs.url}/formulario${path}`);
  return { status: response.status, headers: response.headers, text: await response.text() };
};

const amountArs = (amount: number) =>
  new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(amount);

describe('formulario: the payment form host', () => {
  it('shows the checkout page of a payment with its concept and amount, with a CSP', async () => {
    const { body: payment } = await client.get('/payment/pagos/1000001');
    const page = await html('/1000001/checkout');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.text).toContain('Formulario de pago 1000001');
    expect(page.text).toContain(payment.details[0].concept_description);
    expect(page.text).toContain(amountArs(payment.final_amount));
    expect(page.text).not.toContain('Reintento de pago');
  });

  it('serves the ticket variant, the retry notice and the /v2 paths', async () => {
    const ticket = await html('/1000001/checkout/ticket');
    expect(ticket.status).toBe(200);
    expect(ticket.text).toContain('Comprobante del pago 1000001');
    const retry = await html('/1000001/checkout?retry=true');
    expect(retry.text).toContain('Reintento de pago');
    const v2 = await html('/v2/pagos/1000001');
    expect(v2.text).toContain('Formulario de pago 1000001');
    const { body: subscriptions } = await client.list('/subscription/suscripciones', { limit: 1 });
    const rows = Object.values(subscriptions as Record<string, unknown>).find(Array.isArray) as {
      id: string;
    }[];
    const subscriptionId = rows[0]!.id;
    const subscription = await html(`/v2/suscripciones/${subscriptionId}`);
    expect(subscription.status).toBe(200);
    expect(subscription.text).toContain(`Suscripción ${subscriptionId}`);
  });

  it('answers a Spanish 404 page for an unknown payment or path', async () => {
    const missing = await html('/9999999/checkout');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('No existe el pago 9999999.');
    const other = await html('/nada');
    expect(other.status).toBe(404);
    expect(other.text).toContain('No encontrado');
  });

  it('escapes an XSS payload in the payer name', async () => {
    const { body: payment } = await client.get('/payment/pagos/1000090');
    expect(XSS_PAYLOADS.some((payload) => payment.payer.name.includes(payload))).toBe(true);
    const page = await html('/1000090/checkout');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(payment.payer.name);
    expect(page.text).not.toMatch(/<script|<img|<svg/i);
    expect(page.text).toContain(
      payment.payer.name
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;'),
    );
  });
});

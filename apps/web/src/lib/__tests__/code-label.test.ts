import { describe, expect, it } from 'vitest';
import { feeTypeLabel, presetLabel, statusDetailLabel, webhookResultLabel } from '../code-label';
import {
  notificationActionLabel,
  notificationChannelLabel,
  notificationStatusLabel,
} from '../../components/detail/notification-labels';

describe('the Spanish code catalogue', () => {
  it.each([
    [statusDetailLabel, 'accredited', 'Acreditado'],
    [statusDetailLabel, 'pending_payment', 'Pendiente de pago'],
    [statusDetailLabel, 'cancelled_by_backoffice', 'Cancelado desde el back-office'],
    [statusDetailLabel, 'payment_method_updated', 'Medio de pago actualizado'],
    [statusDetailLabel, 'CC_REJECTED_CARD_EXPIRED', 'Rechazado: tarjeta vencida'],
    [feeTypeLabel, 'collection_fee', 'Comisión por cobranza'],
    [feeTypeLabel, 'tax', 'Impuesto'],
    [presetLabel, 'retry', 'Reintento automático'],
    [webhookResultLabel, 'http_503', 'HTTP 503 · Servicio no disponible'],
    [webhookResultLabel, 'http_200', 'HTTP 200 · Correcto'],
    [webhookResultLabel, 'http_599', 'HTTP 599 · Error'],
    [notificationActionLabel, 'download_receipts', 'Descargar comprobantes'],
    [notificationChannelLabel, 'email', 'E-mail'],
    [notificationStatusLabel, 'error', 'Con error'],
  ])('%#: %s -> %s', (label, code, text) => {
    expect(label(code)).toBe(text);
  });

  it('shows an unknown code as it is, and nothing as a dash', () => {
    expect(statusDetailLabel('brand_new_detail')).toBe('brand_new_detail');
    expect(webhookResultLabel(null)).toBe('—');
  });
});

import { describe, expect, it } from 'vitest';
import { diffVersions, flattenForDiff } from '../version-diff';

const v1 = {
  __typename: 'Payment',
  id: '1000012',
  status: 'APPROVED',
  statusDetail: 'accredited',
  version: 2,
  finalAmount: '1500.00',
  refundedDate: null,
  isCurrentVersion: false,
  actions: [{ kind: 'REFUND', enabled: false }],
  paymentMethods: [
    { __typename: 'PaymentMethod', mediaPaymentName: 'Visa', gateway: { status: 'approved' } },
  ],
  refunds: [],
};
const v2 = {
  ...v1,
  status: 'REFUNDED',
  statusDetail: 'refunded',
  version: 3,
  isCurrentVersion: true,
  refundedDate: '2025-11-03T14:22:05.000Z',
  paymentMethods: [
    { __typename: 'PaymentMethod', mediaPaymentName: 'Visa', gateway: { status: 'refunded' } },
  ],
  refunds: [{ id: '9001', status: 'APPROVED', amount: '1500.00' }],
};

describe('version comparison', () => {
  it('flattens nested fields with Spanish labels and skips what is not payment state', () => {
    const flat = flattenForDiff(v1);
    expect(flat.get('status')).toEqual({ label: 'Estado', text: 'Aprobado' });
    expect(flat.get('finalAmount')?.text).toBe('$ 1.500,00');
    expect(flat.get('paymentMethods[0].gateway.status')).toEqual({
      label: 'Medio de pago 1 › Gateway › Estado',
      text: 'Aprobado',
    });
    expect(
      [...flat.keys()].some(
        (k) => k.includes('__typename') || k.startsWith('actions') || k === 'isCurrentVersion',
      ),
    ).toBe(false);
    expect(flat.get('refunds')).toEqual({ label: 'Devolución', text: '—' });
  });

  it('marks the fields that changed between two versions', () => {
    const rows = diffVersions(v1, v2);
    const changed = rows.filter((r) => r.changed).map((r) => r.path);
    expect(changed).toEqual(
      expect.arrayContaining([
        'status',
        'statusDetail',
        'version',
        'refundedDate',
        'paymentMethods[0].gateway.status',
      ]),
    );
    expect(changed).not.toContain('finalAmount');
    expect(changed).not.toContain('id');
    const refundAmount = rows.find((r) => r.path === 'refunds[0].amount');
    expect(refundAmount).toMatchObject({ left: '—', right: '$ 1.500,00', changed: true });
    expect(rows.find((r) => r.path === 'status')).toMatchObject({ left: 'Aprobado', right: 'Devuelto' });
  });

  it('reads codes and field names in Spanish, never raw', () => {
    const flat = flattenForDiff({
      ...v1,
      type: 'online',
      feeDetails: [{ type: 'collection_fee', amount: '10.00' }],
      collectorNotifications: [
        { status: 'error', statusDetail: 'http_503', retryCount: 2, url: 'https://x' },
      ],
      notifications: [
        { type: 'email', action: 'download_receipts', creationDate: '2025-11-03T14:22:05.000Z' },
      ],
      metadata: [{ key: 'canal', value: 'web' }],
      paymentMethods: [
        { type: 'transfer', promotionId: 'P1', gateway: { statusDetail: 'pending_contingency' } },
      ],
    });
    expect(flat.get('statusDetail')?.text).toBe('Acreditado');
    expect(flat.get('type')?.text).toBe('Online');
    expect(flat.get('feeDetails[0].type')?.text).toBe('Comisión por cobranza');
    expect(flat.get('collectorNotifications[0].statusDetail')?.text).toBe(
      'HTTP 503 · Servicio no disponible',
    );
    expect(flat.get('collectorNotifications[0].status')?.text).toBe('Con error');
    expect(flat.get('notifications[0].action')?.text).toBe('Descargar comprobantes');
    expect(flat.get('notifications[0].type')?.text).toBe('E-mail');
    expect(flat.get('metadata[0].key')?.text).toBe('Canal');
    expect(flat.get('paymentMethods[0].type')?.text).toBe('Transferencia');
    expect(flat.get('paymentMethods[0].gateway.statusDetail')?.text).toBe('Pendiente de confirmación');
    const rawLabels = [...flat.values()].map((v) => v.label).filter((l) => /[a-z][A-Z]|^[a-z]/.test(l));
    expect(rawLabels).toEqual([]);
  });

  it('identical versions have no changes', () => {
    expect(diffVersions(v1, v1).every((r) => !r.changed)).toBe(true);
  });
});

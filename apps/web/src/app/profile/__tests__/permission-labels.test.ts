import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@backoffice/schema';
import { groupPermissions, PERMISSION_LABELS } from '../permission-labels';

describe('PERMISSION_LABELS', () => {
  it('labels exactly the permissions of the schema', () => {
    expect(Object.keys(PERMISSION_LABELS).sort()).toEqual([...PERMISSIONS].sort());
  });

  it('has distinct Spanish labels', () => {
    const labels = Object.values(PERMISSION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe('groupPermissions', () => {
  it('puts every known permission in a named area', () => {
    const areas = groupPermissions(PERMISSIONS);
    expect(areas.map((a) => a.label)).not.toContain('Otros');
    expect(areas.flatMap((a) => a.permissions)).toHaveLength(PERMISSIONS.length);
  });

  it('groups, orders and labels', () => {
    expect(groupPermissions(['EXPORT_SHOW', 'PAYMENT_REFUND', 'PAYMENT_CREATE', 'SHOW_BATCH_DATA'])).toEqual([
      {
        label: 'Pagos',
        permissions: [
          { permission: 'PAYMENT_CREATE', label: 'Crear pagos' },
          { permission: 'PAYMENT_REFUND', label: 'Reembolsar pagos' },
        ],
      },
      {
        label: 'Pago de servicios',
        permissions: [{ permission: 'SHOW_BATCH_DATA', label: 'Ver lotes de gateways' }],
      },
      { label: 'Exportaciones', permissions: [{ permission: 'EXPORT_SHOW', label: 'Ver exportaciones' }] },
    ]);
  });

  it('keeps unknown values under Otros and nothing for no permissions', () => {
    expect(groupPermissions(['SOMETHING_NEW'])).toEqual([
      { label: 'Otros', permissions: [{ permission: 'SOMETHING_NEW', label: 'SOMETHING_NEW' }] },
    ]);
    expect(groupPermissions([])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { COMMON_DIFF_LABELS, diffVersions, type DiffConfig } from '../version-diff';

const config: DiffConfig = {
  labels: { ...COMMON_DIFF_LABELS, widget: 'Artefacto' },
  skipped: new Set(['formUrl']),
  amountKeys: new Set(['amount']),
  statusLabel: (value) => ({ ACTIVE: 'Activa', CANCELLED: 'Cancelada' })[value],
};

describe('shared version comparison', () => {
  it('labels, formats and marks what changed with the area configuration, leaving out per-viewer fields', () => {
    const left = {
      __typename: 'X',
      status: 'ACTIVE',
      amount: '1500.00',
      formUrl: 'a',
      actions: [],
      widget: 'w',
    };
    const right = { ...left, status: 'CANCELLED', amount: '2000.50', formUrl: 'b', isCurrentVersion: true };
    const rows = diffVersions(left, right, config);
    expect(rows.map((r) => r.path)).toEqual(['status', 'amount', 'widget']);
    expect(rows[0]).toMatchObject({ label: 'Estado', left: 'Activa', right: 'Cancelada', changed: true });
    expect(rows[1]).toMatchObject({
      label: 'Importe',
      left: '$ 1.500,00',
      right: '$ 2.000,50',
      changed: true,
    });
    expect(rows[2]).toMatchObject({ label: 'Artefacto', changed: false });
  });
});

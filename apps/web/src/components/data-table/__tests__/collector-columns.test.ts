import { describe, expect, it } from 'vitest';
import { COLLECTOR_LABELS, collectorIdColumn, collectorNameColumn } from '../collector-columns';

interface Row {
  collectorId: string;
  collectorName?: string | null;
}

describe('collector columns (one name per concept)', () => {
  it("names the id 'ID ENTIDAD' and the name 'ENTIDAD' in every list", () => {
    expect(collectorIdColumn<Row>((r) => r.collectorId).headerName).toBe('ID ENTIDAD');
    expect(collectorNameColumn<Row>((r) => r.collectorName).headerName).toBe('ENTIDAD');
    expect(COLLECTOR_LABELS).toEqual({ id: 'ID entidad', name: 'Entidad' });
  });

  it("shows the value, or '—' without one; a name on up to two lines", () => {
    const id = collectorIdColumn<Row>((r) => r.collectorId, { width: 72, sortable: true });
    const name = collectorNameColumn<Row>((r) => r.collectorName, { minWidth: 100 });
    expect(id).toMatchObject({ field: 'collectorId', width: 72, sortable: true });
    expect(name).toMatchObject({ field: 'collectorName', flex: 1, minWidth: 100, lines: 2 });
    expect(id.render?.({ collectorId: '10004' })).toBe('10004');
    expect(name.render?.({ collectorId: '10004', collectorName: 'Consorcio Av. Rivadavia 4520' })).toBe(
      'Consorcio Av. Rivadavia 4520',
    );
    expect(name.render?.({ collectorId: '10004', collectorName: null })).toBe('—');
    expect(id.render?.({ collectorId: '' })).toBe('—');
  });
});

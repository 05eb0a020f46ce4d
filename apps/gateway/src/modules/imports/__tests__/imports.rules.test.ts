import { describe, expect, it } from 'vitest';
import { mapImport, statusClassOf } from '../imports.mappers.js';
import { importActions, importListQuery, importRowsQuery } from '../imports.rules.js';

const raw = (status: string) =>
  mapImport({
    import_id: '4001',
    status,
    collector_id: '10001',
    issued_amount: 0,
    pending_amount: 1500.5,
    total_amount: 1500.5,
    request_count: 2,
    pending_count: 1,
    error_count: 1,
  });

describe('import rules', () => {
  it('offers Confirmar and Cancelar only in pending_approved, Recargar always, all under IMPORT_REQUEST', () => {
    const states = (status: string, permissions: string[]) =>
      importActions.list(raw(status), permissions).map((a) => [a.kind, a.enabled, a.permitted]);
    expect(states('pending_approved', ['IMPORT_REQUEST'])).toEqual([
      ['CONFIRM', true, true],
      ['CANCEL', true, true],
      ['RELOAD', true, true],
    ]);
    for (const status of ['approved', 'cancelled', 'error', 'something_else']) {
      expect(states(status, ['IMPORT_REQUEST'])).toEqual([
        ['CONFIRM', false, true],
        ['CANCEL', false, true],
        ['RELOAD', true, true],
      ]);
    }
    expect(states('pending_approved', ['TRANSFER_SHOW'])).toEqual([
      ['CONFIRM', false, false],
      ['CANCEL', false, false],
      ['RELOAD', false, false],
    ]);
  });

  it('maps amounts as Decimal strings and the status style class', () => {
    expect(raw('pending_approved')).toMatchObject({ pendingAmount: '1500.50', issuedAmount: '0.00' });
    expect(statusClassOf('pending_approved')).toBe('pending-approved');
    expect(statusClassOf('APPROVED')).toBe('approved');
  });

  it('lists newest first and rows by index ascending by default', () => {
    expect(importListQuery({}).sorts).toEqual([{ field: 'request_date', direction: 'desc' }]);
    expect(importRowsQuery({}).sorts).toEqual([{ field: 'index', direction: 'asc' }]);
    expect(importRowsQuery({ filter: { search: 'ana@x.com' } }).filters).toEqual([
      { field: 'payer_email', operation: 'EQUAL', value: 'ana@x.com' },
    ]);
    expect(() => importListQuery({ filter: { status: 'DROP TABLE' } })).toThrow('El estado no es válido.');
  });
});

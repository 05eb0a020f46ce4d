import { describe, expect, it } from 'vitest';
import { mapImport, statusClassOf } from '../imports.mappers.js';
import { importActions, importListQuery, importRowSearchFilter, importRowsQuery } from '../imports.rules.js';

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
    expect(importRowsQuery({ filter: { search: 'Ana@x.com' } }).filters).toEqual([
      { field: 'payer_email', operation: 'CONTAINS', value: 'ana@x.com' },
    ]);
    expect(() => importListQuery({ filter: { status: 'DROP TABLE' } })).toThrow('El estado no es válido.');
  });
});

describe("an import rows' search", () => {
  it('looks where the operator chose: part of the e-mail, part of the external id, or the row number', () => {
    expect(importRowSearchFilter('Gomez', 'EMAIL')).toEqual({
      field: 'payer_email',
      operation: 'CONTAINS',
      value: 'gomez',
    });
    expect(importRowSearchFilter('12', 'EMAIL')).toMatchObject({ field: 'payer_email', value: '12' });
    expect(importRowSearchFilter('ABC-00', 'EXTERNAL_ID')).toEqual({
      field: 'external_transaction_id',
      operation: 'CONTAINS',
      value: 'ABC-00',
    });
    expect(importRowSearchFilter('7', 'INDEX')).toEqual({ field: 'index', operation: 'EQUAL', value: '7' });
    expect(() => importRowSearchFilter('siete', 'INDEX')).toThrow('El número de fila admite solo dígitos.');
  });

  it('without a choice, reads the text: digits a row, an @ part of an e-mail, anything else the external id', () => {
    expect(importRowSearchFilter('7')).toMatchObject({ field: 'index', operation: 'EQUAL' });
    expect(importRowSearchFilter('gomez@hot')).toMatchObject({ field: 'payer_email', operation: 'CONTAINS' });
    expect(importRowSearchFilter('ABC')).toMatchObject({ field: 'external_transaction_id', operation: 'CONTAINS' });
  });
});

import { describe, expect, it } from 'vitest';
import { shortTransactionId, type PresentationModel } from '../afip.mappers.js';
import { periodProblem, presentationActions, presentationSearchFilters } from '../afip.rules.js';

const doc = (status: PresentationModel['status']) => ({ status }) as PresentationModel;
const ALL = ['AFIP_SHOW', 'AFIP_DOWNLOAD', 'AFIP_DELIVER', 'AFIP_REPROCESS'];

describe('presentation rules', () => {
  it('shortens a transaction id longer than 10 characters to 6 plus ..', () => {
    expect(shortTransactionId('AFIP-123456789')).toBe('AFIP-1..');
    expect(shortTransactionId('1234567890')).toBe('1234567890');
    expect(shortTransactionId(null)).toBeNull();
  });

  it('offers present, manual present and reprocess only in created; download and reload always', () => {
    const enabled = (status: PresentationModel['status']) =>
      presentationActions
        .list(doc(status), ALL)
        .filter((a) => a.enabled)
        .map((a) => a.kind);
    expect(enabled('CREATED')).toEqual(['DOWNLOAD', 'PRESENT', 'PRESENT_MANUAL', 'REPROCESS', 'RELOAD']);
    expect(enabled('DELIVERED')).toEqual(['DOWNLOAD', 'RELOAD']);
    expect(enabled('REPROCESS')).toEqual(['DOWNLOAD', 'RELOAD']);
  });

  it('hides what the user may not do, permission first', () => {
    const states = presentationActions.list(doc('CREATED'), ['AFIP_SHOW']);
    expect(states.filter((a) => !a.permitted).map((a) => a.kind)).toEqual([
      'DOWNLOAD',
      'PRESENT',
      'PRESENT_MANUAL',
      'REPROCESS',
    ]);
  });

  it('accepts periods from 2020 to the current month (Argentina)', () => {
    const now = new Date('2026-11-01T02:00:00.000Z'); // still October in Argentina
    expect(periodProblem('2026-10', now)).toBeNull();
    expect(periodProblem('2020-01', now)).toBeNull();
    expect(periodProblem('2026-11', now)).toBe('El período no puede ser posterior al mes actual.');
    expect(periodProblem('2019-12', now)).toBe('El período debe ser de 2020 en adelante.');
    expect(periodProblem('10/2026', now)).toBe('El período debe tener el formato AAAA-MM.');
  });
});

describe('presentation search', () => {
  it('looks in the id and the transaction id for digits, in the file name and the transaction id for text', () => {
    expect(presentationSearchFilters(null)).toEqual([[]]);
    expect(presentationSearchFilters('3001')).toEqual([
      [{ field: 'id', operation: 'EQUAL', value: '3001' }],
      [{ field: 'afip_transaction_id', operation: 'CONTAINS', value: '3001' }],
    ]);
    expect(presentationSearchFilters('AFIP-1234')).toEqual([
      [{ field: 'file_name', operation: 'CONTAINS', value: 'AFIP-1234' }],
      [{ field: 'afip_transaction_id', operation: 'CONTAINS', value: 'AFIP-1234' }],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { BATCH_REASONS, batchActions, batchListQuery, type BatchForRules } from '../batches.rules.js';

const ALL = [
  'BATCH_WITHDRAW_SHOW',
  'BATCH_WITHDRAW_DOWNLOAD',
  'BATCH_WITHDRAW_RE_EXPORT',
  'BATCH_WITHDRAW_REPROCESS',
];
const batch = (over: Partial<BatchForRules> = {}): BatchForRules => ({
  status: 'FOR_WITHDRAWING',
  recordCount: 3,
  version: '00004',
  ...over,
});
const decide = (kind: Parameters<typeof batchActions.decide>[0], doc: BatchForRules, permissions = ALL) =>
  batchActions.decide(kind, doc, permissions);

describe('batch actions (spec 001 §4 "Batch")', () => {
  it('downloads only in in_withdrawn or for_withdrawing with at least one record', () => {
    for (const status of ['FOR_WITHDRAWING', 'IN_WITHDRAWN'] as const) {
      expect(decide('DOWNLOAD_TXT', batch({ status })).enabled).toBe(true);
      expect(decide('DOWNLOAD_XLSX', batch({ status })).enabled).toBe(true);
    }
    for (const status of ['WITHDRAWN', 'ERROR'] as const) {
      expect(decide('DOWNLOAD_TXT', batch({ status }))).toMatchObject({
        enabled: false,
        reason: BATCH_REASONS.downloadStatus,
      });
    }
    expect(decide('DOWNLOAD_XLSX', batch({ recordCount: 0 }))).toMatchObject({
      enabled: false,
      reason: BATCH_REASONS.empty,
    });
  });

  it('xml only for batch version 00004', () => {
    expect(decide('DOWNLOAD_XML', batch()).enabled).toBe(true);
    expect(decide('DOWNLOAD_XML', batch({ version: '00003' }))).toMatchObject({
      enabled: false,
      reason: BATCH_REASONS.xmlVersion,
    });
    expect(decide('DOWNLOAD_TXT', batch({ version: '00003' })).enabled).toBe(true);
  });

  it('reprocess only in error; re-export only in in_withdrawn', () => {
    expect(decide('REPROCESS', batch({ status: 'ERROR' })).enabled).toBe(true);
    expect(decide('REPROCESS', batch()).reason).toBe(BATCH_REASONS.reprocessStatus);
    expect(decide('RE_EXPORT', batch({ status: 'IN_WITHDRAWN' })).enabled).toBe(true);
    expect(decide('RE_EXPORT', batch({ status: 'WITHDRAWN' })).reason).toBe(BATCH_REASONS.reExportStatus);
  });

  it('without the permission the action is not permitted, whatever the state', () => {
    const only = ['BATCH_WITHDRAW_SHOW'];
    expect(decide('REPROCESS', batch({ status: 'ERROR' }), only)).toMatchObject({ permitted: false });
    expect(decide('DOWNLOAD_TXT', batch(), only)).toMatchObject({ permitted: false });
    expect(decide('RE_EXPORT', batch({ status: 'IN_WITHDRAWN' }), only)).toMatchObject({ permitted: false });
    expect(decide('DETAIL', batch(), only)).toMatchObject({ enabled: true, permitted: true });
  });
});

describe('batch list query', () => {
  it('collector, month with an exclusive end on creation_date, status, default sort and the API default page size (25)', () => {
    const query = batchListQuery({
      filter: {
        collectorId: '10001',
        from: '2026-11-01T03:00:00.000Z',
        to: '2026-12-01T03:00:00.000Z',
        status: 'ERROR',
      },
    } as never);
    expect(query).toEqual({
      filters: [
        { field: 'collector_id', operation: 'EQUAL', value: '10001' },
        { field: 'creation_date', operation: 'GREATER_THAN_OR_EQUAL_TO', value: '2026-11-01T03:00:00.000Z' },
        { field: 'creation_date', operation: 'LESS_THAN', value: '2026-12-01T03:00:00.000Z' },
        { field: 'status', operation: 'EQUAL', value: 'error' },
      ],
      page: 1,
      limit: 25,
      sorts: [{ field: 'creation_date', direction: 'desc' }],
    });
  });

  it('refuses a missing collector and an empty or inverted period', () => {
    expect(() => batchListQuery({ filter: { collectorId: '' } } as never)).toThrow(/filter\.collectorId/);
    const same = '2026-11-01T03:00:00.000Z';
    expect(() => batchListQuery({ filter: { collectorId: '1', from: same, to: same } } as never)).toThrow(
      /filter\.from/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  WITHDRAW_REASONS,
  withdrawActions,
  withdrawalActions,
  withdrawalListQuery,
  withdrawListQuery,
} from '../withdrawals.rules.js';

const TESORERIA = [
  'WITHDRAW_SHOW',
  'WITHDRAW_TRANSFER',
  'WITHDRAW_DOWNLOAD',
  'WITHDRAW_REJECTED',
  'WITHDRAW_RE_EXPORT',
  'WITHDRAWAL_SEARCH',
  'WITHDRAWAL_AUTHORIZE',
];
const state = (list: { kind: string; enabled: boolean; permitted: boolean; reason: string | null }[]) =>
  Object.fromEntries(list.map((a) => [a.kind, a.enabled ? 'on' : a.permitted ? a.reason : 'hidden']));

describe('withdraw actions (spec 001 §4 "Withdraw")', () => {
  it('transfer and reject only pending; downloads and re-export pending or transferred', () => {
    expect(state(withdrawActions.list({ status: 'PENDING' }, TESORERIA))).toEqual({
      TRANSFER: 'on',
      REJECT: 'on',
      DOWNLOAD: 'on',
      RE_EXPORT: 'on',
    });
    expect(state(withdrawActions.list({ status: 'TRANSFERRED' }, TESORERIA))).toEqual({
      TRANSFER: WITHDRAW_REASONS.notPending,
      REJECT: WITHDRAW_REASONS.notPending,
      DOWNLOAD: 'on',
      RE_EXPORT: 'on',
    });
    expect(state(withdrawActions.list({ status: 'REJECTED' }, TESORERIA))).toEqual({
      TRANSFER: WITHDRAW_REASONS.notPending,
      REJECT: WITHDRAW_REASONS.notPending,
      DOWNLOAD: WITHDRAW_REASONS.notExportable,
      RE_EXPORT: WITHDRAW_REASONS.notExportable,
    });
  });

  it('each needs its own permission (hidden otherwise)', () => {
    expect(
      state(withdrawActions.list({ status: 'PENDING' }, ['WITHDRAW_SHOW', 'WITHDRAW_DOWNLOAD'])),
    ).toEqual({
      TRANSFER: 'hidden',
      REJECT: 'hidden',
      DOWNLOAD: 'on',
      RE_EXPORT: 'hidden',
    });
  });
});

describe('withdrawal actions (spec 001 §4 "Withdrawal")', () => {
  it('authorize and reject only pending_authorization, with WITHDRAWAL_AUTHORIZE; detail always', () => {
    expect(state(withdrawalActions.list({ status: 'PENDING_AUTHORIZATION' }, TESORERIA))).toEqual({
      AUTHORIZE: 'on',
      REJECT: 'on',
      DETAIL: 'on',
    });
    expect(state(withdrawalActions.list({ status: 'AUTHORIZED' }, TESORERIA))).toEqual({
      AUTHORIZE: WITHDRAW_REASONS.notPendingAuthorization,
      REJECT: WITHDRAW_REASONS.notPendingAuthorization,
      DETAIL: 'on',
    });
    expect(state(withdrawalActions.list({ status: 'PENDING_AUTHORIZATION' }, ['WITHDRAWAL_SEARCH']))).toEqual(
      {
        AUTHORIZE: 'hidden',
        REJECT: 'hidden',
        DETAIL: 'on',
      },
    );
  });
});

describe('list queries', () => {
  it('withdraws: collector, statuses IN, period; request_date ascending by default', () => {
    expect(
      withdrawListQuery({
        filter: { collectorId: '10002', statuses: ['PENDING', 'PENDING'], from: '2026-11-01T03:00:00.000Z' },
      }),
    ).toEqual({
      filters: [
        { field: 'collector_id', operation: 'EQUAL', value: '10002' },
        { field: 'status', operation: 'IN', value: ['pending'] },
        { field: 'request_date', operation: 'GREATER_THAN_OR_EQUAL_TO', value: '2026-11-01T03:00:00.000Z' },
      ],
      page: 1,
      limit: 25,
      sorts: [{ field: 'request_date', direction: 'asc' }],
    });
  });

  it('withdrawals: one status, the chosen sort then id', () => {
    const query = withdrawalListQuery({
      filter: { status: 'REFUSED' },
      sort: { field: 'REQUEST_DATE', direction: 'DESC' },
      pageSize: 10,
    });
    expect(query.filters).toEqual([{ field: 'status', operation: 'EQUAL', value: 'refused' }]);
    expect(query.sorts).toEqual([
      { field: 'request_date', direction: 'desc' },
      { field: 'id', direction: 'asc' },
    ]);
    expect(query.limit).toBe(10);
  });
});

import { describe, expect, it } from 'vitest';
import type { DistributionStatus } from '../../../generated/resolvers-types.js';
import type { DistributionDetailModel, DistributionModel } from '../distributions.mappers.js';
import {
  distributionActions,
  distributionDetailActions,
  distributionFilters,
  distributionModifiable,
} from '../distributions.rules.js';

const ALL = ['DISTRIBUTION_UPDATE', 'DISTRIBUTION_FORCE', 'DISTRIBUTION_SCHEDULED_UPDATE'];
const STATUSES: DistributionStatus[] = [
  'ERROR',
  'AUTHORIZATION_PENDING',
  'REJECTED',
  'PENDING',
  'IN_PROCESS',
  'SUCCESS',
  'MANUAL',
  'DEFERRED',
  'SCHEDULED',
];

const header = (status: DistributionStatus): DistributionModel => ({
  id: '1',
  type: 'NO_SCHEDULED',
  status,
  statusDetail: null,
  paymentId: '480001',
  requestDate: null,
  totalAmount: '10.00',
  collector: { id: '101', name: null },
});

const detail = (
  status: DistributionStatus,
  type: DistributionModel['type'] = 'NO_SCHEDULED',
): DistributionDetailModel => ({
  id: '1-1',
  distributionId: '1',
  status,
  statusDetail: null,
  type,
  amount: '10.00',
  destination: { type: 'CBU', value: '1', cuit: null, name: null },
  observations: null,
  lastUpdateDate: null,
  destinationChanges: [],
  forcedSuccess: null,
});

const enabled = (kind: 'REPROCESS' | 'APPROVE' | 'REJECT') =>
  STATUSES.filter((s) => distributionActions.decide(kind, header(s), ALL).enabled);
const detailEnabled = (kind: 'EDIT' | 'FORCE' | 'SEND_RECEIPT', permissions = ALL) =>
  STATUSES.filter((s) => distributionDetailActions.decide(kind, detail(s), permissions).enabled);

describe('distribution actions (spec 001 §4)', () => {
  it('reprocess from rejected, error or pending; approve and reject only from authorization_pending', () => {
    expect(enabled('REPROCESS')).toEqual(['ERROR', 'REJECTED', 'PENDING']);
    expect(enabled('APPROVE')).toEqual(['AUTHORIZATION_PENDING']);
    expect(enabled('REJECT')).toEqual(['AUTHORIZATION_PENDING']);
  });

  it('all need DISTRIBUTION_UPDATE', () => {
    const decision = distributionActions.decide('APPROVE', header('AUTHORIZATION_PENDING'), [
      'DISTRIBUTION_FORCE',
    ]);
    expect(decision).toMatchObject({ enabled: false, permitted: false });
  });

  it('edit and force when error, pending, rejected, manual or deferred; receipt only when success', () => {
    expect(detailEnabled('EDIT')).toEqual(['ERROR', 'REJECTED', 'PENDING', 'MANUAL', 'DEFERRED']);
    expect(detailEnabled('FORCE')).toEqual(['ERROR', 'REJECTED', 'PENDING', 'MANUAL', 'DEFERRED']);
    expect(detailEnabled('SEND_RECEIPT')).toEqual(['SUCCESS']);
  });

  it('force only with its permission; a scheduled detail is edited only with the scheduled update permission', () => {
    expect(distributionDetailActions.decide('FORCE', detail('ERROR'), ['DISTRIBUTION_UPDATE'])).toMatchObject(
      {
        permitted: false,
      },
    );
    expect(
      distributionDetailActions.decide('EDIT', detail('ERROR', 'SCHEDULED'), ['DISTRIBUTION_UPDATE']),
    ).toMatchObject({
      permitted: false,
      reason: 'No tiene permisos para modificar distribuciones programadas.',
    });
    expect(
      distributionDetailActions.decide('EDIT', detail('ERROR', 'SCHEDULED'), [
        'DISTRIBUTION_SCHEDULED_UPDATE',
      ]),
    ).toMatchObject({ enabled: true });
  });
});

describe('distribution search (spec 001 §5)', () => {
  it('more than 4 characters: payment_id alone, every other filter dropped', () => {
    const { filters } = distributionFilters({ search: ' 480001 ', status: 'ERROR', type: 'SCHEDULED' });
    expect(filters).toEqual([{ field: 'payment_id', operation: 'EQUAL', value: '480001' }]);
  });

  it('1 to 4 characters: the collector id, with the other filters; a status adds its ascending sort', () => {
    const { filters, sorts } = distributionFilters({ search: '101', status: 'ERROR', type: 'NO_SCHEDULED' });
    expect(filters).toEqual([
      { field: 'type', operation: 'EQUAL', value: 'no_scheduled' },
      { field: 'status', operation: 'EQUAL', value: 'error' },
      { field: 'collector.id', operation: 'EQUAL', value: '101' },
    ]);
    expect(sorts[0]).toEqual({ field: 'status', direction: 'asc' });
  });
});

describe("modifiable: the list's 'Modificar' or 'Ver'", () => {
  const modifiable = (status: DistributionStatus, permissions: readonly string[] = ALL) =>
    distributionModifiable(header(status), permissions);

  it('with every permission: a header action or editable details; in process, paid and scheduled ones only show', () => {
    expect(STATUSES.filter((s) => modifiable(s))).toEqual([
      'ERROR',
      'AUTHORIZATION_PENDING',
      'REJECTED',
      'PENDING',
      'MANUAL',
      'DEFERRED',
    ]);
  });

  it('without a permission to act nothing is modifiable; force alone still changes an editable detail', () => {
    expect(STATUSES.filter((s) => modifiable(s, []))).toEqual([]);
    expect(STATUSES.filter((s) => modifiable(s, ['DISTRIBUTION_FORCE']))).toEqual([
      'ERROR',
      'REJECTED',
      'PENDING',
      'MANUAL',
      'DEFERRED',
    ]);
    // A scheduled distribution's details need DISTRIBUTION_SCHEDULED_UPDATE (or force).
    const scheduled = { ...header('MANUAL'), type: 'SCHEDULED' as const };
    expect(distributionModifiable(scheduled, ['DISTRIBUTION_UPDATE'])).toBe(false);
    expect(distributionModifiable(scheduled, ['DISTRIBUTION_SCHEDULED_UPDATE'])).toBe(true);
  });
});

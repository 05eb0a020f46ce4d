import type { ApprovalPolicyRow, Store } from '@backoffice/store';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { createPolicyCache } from '../approval-policies.js';
import type { PolicyCache } from '../approvals.js';
import {
  approvalsNeeded,
  createApprovalGate,
  parseApprovalPolicies,
  policyActions,
  POLICY_CHANGE_ACTIONS,
  type ApprovalRule,
  type DailyTotals,
} from '../approvals.js';

/**
 * The gate over the deployment's rules (the floor) and those admins added: a move is held when any rule holds it,
 * with the most approvals any asks, so an added rule never lowers the floor; a daily amount is added to the day once,
 * whatever the bounds naming the action; a change of the rules is always held; the added rules are read again
 * within the refresh.
 */

const rule = (action: string, more: Partial<ApprovalRule> = {}): ApprovalRule => ({
  action,
  minAmountCents: null,
  dailyAmountCents: null,
  approvals: 1,
  ...more,
});

/** The store's approval_daily for one maker's action: the move's `amount` added only within the limit asked. */
function dayTotals(): DailyTotals & { day: { total: bigint; amount: bigint } } {
  const day = { total: 0n, amount: 0n };
  return {
    day,
    add: async (limit) => {
      if (day.total + day.amount > limit) return false;
      day.total += day.amount;
      return true;
    },
    total: async () => day.total,
  };
}

describe('approvalsNeeded: the floor and the added rules together', () => {
  it('holds when any rule holds, with the most approvals asked: an added rule never lowers the floor', async () => {
    const floor = rule('refundPayment', { approvals: 2 });
    const added = rule('refundPayment', { minAmountCents: 100_000_00n, approvals: 1 });
    expect(await approvalsNeeded([floor, added], 5_00n, dayTotals())).toBe(2);
    expect(await approvalsNeeded([floor, added], 200_000_00n, dayTotals())).toBe(2);
    // An added rule that asks more raises it, from its amount on.
    const stricter = rule('refundPayment', { minAmountCents: 100_000_00n, approvals: 3 });
    expect(await approvalsNeeded([floor, stricter], 200_000_00n, dayTotals())).toBe(3);
    expect(await approvalsNeeded([floor, stricter], 5_00n, dayTotals())).toBe(2);
    // Without rules, or below every bound, nothing is held.
    expect(await approvalsNeeded([], 1n, dayTotals())).toBe(0);
    expect(await approvalsNeeded([added], 99_999_99n, dayTotals())).toBe(0);
    expect(await approvalsNeeded([added], null, dayTotals())).toBe(0);
  });

  it("adds a move's amount to the day once, however many daily bounds name the action", async () => {
    const low = rule('refundPayment', { dailyAmountCents: 1_000n, approvals: 1 });
    const high = rule('refundPayment', { dailyAmountCents: 5_000n, approvals: 4 });
    const totals = dayTotals();
    totals.day.amount = 600n;
    expect(await approvalsNeeded([low, high], 600n, totals)).toBe(0);
    expect(totals.day.total).toBe(600n);
    // 600 + 600 passes the lower bound only: held by it, nothing added.
    expect(await approvalsNeeded([low, high], 600n, totals)).toBe(1);
    expect(totals.day.total).toBe(600n);
    // 600 + 4 500 passes both: the most approvals.
    totals.day.amount = 4_500n;
    expect(await approvalsNeeded([low, high], 4_500n, totals)).toBe(4);
    expect(totals.day.total).toBe(600n);
  });
});

/** A cache whose rules a test sets. */
function fixedCache(rules: Record<string, ApprovalRule[]>, stale = false): PolicyCache & { reads: number } {
  const cache = {
    reads: 0,
    rulesOf: (namespace: string) => rules[namespace] ?? [],
    mayName: (action: string) =>
      stale || Object.values(rules).some((list) => list.some((r) => r.action === action)),
    fresh: async () => void cache.reads++,
    reload: async () => undefined,
    close: () => undefined,
  };
  return cache;
}

const storeWithDay = {
  approvals: { addDailyAmount: async () => true, dailyAmount: async () => 0n },
} as unknown as Store;

describe('the gate', () => {
  const settings = { policies: [rule('cancelPayment')], expiryMs: 60_000 };
  const move = (action: string, namespace = '', amountCents: bigint | null = null) => ({
    action,
    namespace,
    username: 'operador',
    amountCents,
  });

  it("names the floor's actions, the added rules' (any namespace) and the changes of the rules; weighs per namespace", async () => {
    const cache = fixedCache({ equipo: [rule('refundPayment', { minAmountCents: 1_000n, approvals: 2 })] });
    const gate = createApprovalGate(settings, () => storeWithDay, undefined, cache);
    expect(gate.names('cancelPayment')).toBe(true);
    expect(gate.names('refundPayment')).toBe(true);
    expect(gate.names('reversePayment')).toBe(false);
    for (const action of POLICY_CHANGE_ACTIONS) {
      expect(gate.names(action)).toBe(true);
      expect(await gate.weigh(move(action))).toBe(1);
    }
    expect(await gate.weigh(move('refundPayment', 'equipo', 5_000n))).toBe(2);
    expect(await gate.weigh(move('refundPayment', 'otro', 5_000n))).toBe(0);
    expect(await gate.weigh(move('cancelPayment', 'otro'))).toBe(1);
    // Every weighing asked for rules no older than the refresh first.
    expect(cache.reads).toBe(3);
  });

  it('with rules too old to tell, weighs every money move, but never the decisions or the preferences', () => {
    const gate = createApprovalGate(settings, () => storeWithDay, undefined, fixedCache({}, true));
    expect(gate.names('reversePayment')).toBe(true);
    for (const action of ['approveRequest', 'rejectRequest', 'setPreference', 'mergePreference'])
      expect(gate.names(action)).toBe(false);
  });

  it('a rule names only a money mutation: the changes of the rules and the decisions are refused as actions', () => {
    const mutations = ['refundPayment', 'approveRequest', 'setPreference', ...POLICY_CHANGE_ACTIONS];
    expect(policyActions(mutations)).toEqual(['refundPayment']);
    expect(() =>
      parseApprovalPolicies(JSON.stringify([{ action: 'proposeApprovalPolicy' }]), mutations),
    ).toThrow(/money mutation/);
  });
});

const row = (id: string, namespace: string, action: string): ApprovalPolicyRow => ({
  id,
  namespace,
  action,
  min_amount_cents: '100000',
  daily_amount_cents: null,
  approvals: 2,
  proposed_by: 'admin',
  approved_by: 'admin2',
  request_id: id,
  added_at: new Date(),
  removed_at: null,
  removed_by: null,
});

/** A cache over a store whose rules in force are what `policies` answers, on a test's clock. */
const cacheOver = (policies: () => Promise<ApprovalPolicyRow[]>, refreshMs: number, clock: () => number) =>
  createPolicyCache({
    store: () => ({ approvals: { policies } }) as unknown as Store,
    refreshMs,
    logger: createLogger('silent'),
    clock,
  });

describe('the cache of the added rules', () => {
  it('reads them again once older than the refresh; past twice the refresh every action may be named', async () => {
    let now = 1_000;
    const rows = [row('1', 'equipo', 'refundPayment')];
    let reads = 0;
    const cache = cacheOver(
      async () => {
        reads++;
        return [...rows];
      },
      60_000,
      () => now,
    );
    try {
      // Never read: too old to tell.
      expect(cache.mayName('cancelPayment')).toBe(true);
      await cache.fresh();
      expect(reads).toBe(1);
      expect(cache.mayName('cancelPayment')).toBe(false);
      expect(cache.mayName('refundPayment')).toBe(true);
      expect(cache.rulesOf('equipo')).toEqual([
        { action: 'refundPayment', minAmountCents: 100_000n, dailyAmountCents: null, approvals: 2 },
      ]);
      expect(cache.rulesOf('otro')).toEqual([]);
      // Within the refresh: no read.
      now += 60_000;
      await cache.fresh();
      expect(reads).toBe(1);
      // Another replica stored a rule: read once the refresh passed.
      rows.push(row('2', '', 'cancelPayment'));
      now += 1;
      await cache.fresh();
      expect(reads).toBe(2);
      expect(cache.mayName('cancelPayment')).toBe(true);
      // A change made here: read again at once.
      rows.splice(0, 1);
      await cache.reload();
      expect(cache.rulesOf('equipo')).toEqual([]);
      now += 120_001;
      expect(cache.mayName('reversePayment')).toBe(true);
    } finally {
      cache.close();
    }
  });

  it('a read that fails rejects (the gate sends nothing) and keeps the last rules', async () => {
    let fail = false;
    let now = 0;
    const cache = cacheOver(
      async () => {
        if (fail) throw new Error('server gone');
        return [row('1', '', 'refundPayment')];
      },
      1_000,
      () => now,
    );
    try {
      await cache.fresh();
      fail = true;
      now = 1_001;
      await expect(cache.fresh()).rejects.toThrow('server gone');
      expect(cache.rulesOf('')).toHaveLength(1);
    } finally {
      cache.close();
    }
  });
});

/**
 * The approval rules admins added in the app, as the gate reads them: every namespace's rules in force, read from the
 * store every `refreshMs` by each replica (a small table, one statement), so a rule another replica stored applies
 * here within that time without a restart. The replica that applies a change reads them again at once (`reload`).
 *
 * The gate never judges a move on rules older than the refresh: `fresh()` reads them again first when they are, and
 * a failed read sends nothing (money/move.ts). Between refreshes `mayName` answers from the last read; once that read
 * is older than twice the refresh (the store away, the timer late) every action may be named, so the gate weighs it.
 */
import type { ApprovalPolicyRow, Store } from '@backoffice/store';
import type { Logger } from '../logger.js';
import type { ApprovalRule, PolicyCache } from './approvals.js';

/** A stored rule as the gate weighs it. */
export const ruleOfRow = (row: ApprovalPolicyRow): ApprovalRule => ({
  action: row.action,
  minAmountCents: row.min_amount_cents === null ? null : BigInt(row.min_amount_cents),
  dailyAmountCents: row.daily_amount_cents === null ? null : BigInt(row.daily_amount_cents),
  approvals: row.approvals,
});

export function createPolicyCache(options: {
  store: () => Store | null;
  refreshMs: number;
  logger: Logger;
  clock?: () => number;
}): PolicyCache {
  const { store, refreshMs, logger } = options;
  const clock = options.clock ?? Date.now;
  let byNamespace = new Map<string, ApprovalRule[]>();
  let actions = new Set<string>();
  /** When the last read that succeeded started (a rule stored after that instant may be missing from it). */
  let readAt = -Infinity;
  let reading: Promise<void> | null = null;

  const read = (): Promise<void> =>
    (reading ??= (async () => {
      const open = store();
      if (!open) throw new Error('store not open');
      const started = clock();
      const rows = await open.approvals.policies();
      const next = new Map<string, ApprovalRule[]>();
      for (const row of rows) {
        const rules = next.get(row.namespace) ?? [];
        rules.push(ruleOfRow(row));
        next.set(row.namespace, rules);
      }
      byNamespace = next;
      actions = new Set(rows.map((row) => row.action));
      readAt = started;
    })().finally(() => (reading = null)));

  const timer = setInterval(() => {
    if (!store()) return;
    read().catch((error: unknown) =>
      logger.warn('approval policies not read again', { error: String(error) }),
    );
  }, refreshMs);
  timer.unref();

  return {
    rulesOf: (namespace) => byNamespace.get(namespace) ?? [],
    mayName: (action) => actions.has(action) || clock() - readAt > 2 * refreshMs,
    fresh: () => (clock() - readAt <= refreshMs ? Promise.resolve() : read()),
    async reload() {
      if (reading) await reading.catch(() => undefined);
      await read();
    },
    close: () => clearInterval(timer),
  };
}

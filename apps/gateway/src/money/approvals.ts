/**
 * Four eyes on money: the approval policies and the gate the money pipeline asks at a move's first write.
 *
 * A rule names a mutation (`action`) and holds its moves: every one when it names no amount; from `minAmount` on;
 * or past the maker's `dailyAmount` of that action in the Argentine day. The amount weighed is what the service
 * would receive (the write's `amount`), or what the action declares of its record (shared/run-action.ts `amountOf`).
 * A held move sends nothing: its request is stored (packages/store approvals.ts) bound to the move's fingerprint,
 * and its move row says 'pending_approval' until the request is decided (money/move.ts).
 *
 * The rules are the deployment's (the floor) and those admins added in the app (approval-policies.ts, read through a
 * cache every replica refreshes): a move is held when any rule holds it, needing the most approvals any asks, so an
 * added rule only adds holds. A change of the rules is itself held: every proposal needs another admin's approval.
 */
import type { ApprovalRow, Store } from '@backoffice/store';
import { decimalFromUpstream, money } from '@backoffice/validators';
import type { AuthUser } from '../auth/verify-token.js';
import type { OperationErrorModel as OperationError } from '../shared/operation-error.js';
import { argentineDay } from '../shared/argentine-day.js';

export interface ApprovalRule {
  action: string;
  /** Held from this amount on (cents); null: any amount. */
  minAmountCents: bigint | null;
  /** Held when the maker's total of the action today would pass it (cents); null: no daily bound. */
  dailyAmountCents: bigint | null;
  approvals: number;
}

/** The rules admins added in the app, as a replica keeps them (approval-policies.ts `createPolicyCache`). */
export interface PolicyCache {
  /** The rules in force added in `namespace`, as last read. */
  rulesOf(namespace: string): readonly ApprovalRule[];
  /** Whether an added rule of any namespace names `action`, or the last read is too old to tell. */
  mayName(action: string): boolean;
  /** Reads the rules again unless the last read started within the refresh; rejects when the store cannot. */
  fresh(): Promise<void>;
  /** Reads them again now, after any read already running (which may have started before a change). */
  reload(): Promise<void>;
  close(): void;
}

export interface ApprovalSettings {
  /** The deployment's floor (APPROVAL_POLICIES). */
  policies: readonly ApprovalRule[];
  /** How long a request waits for its decision (APPROVAL_EXPIRY_MS, default 72 h). */
  expiryMs: number;
  /**
   * How often a replica reads the rules admins added again (APPROVAL_POLICY_REFRESH_MS, default 2 s): a rule another
   * replica stored applies here within it (approval-policies.ts).
   */
  policyRefreshMs?: number;
}

export const DEFAULT_POLICY_REFRESH_MS = 2_000;

/** The mutations that change the rules: each held for another admin's approval, never named by a rule. */
export const POLICY_CHANGE_ACTIONS: ReadonlySet<string> = new Set([
  'proposeApprovalPolicy',
  'proposeApprovalPolicyRemoval',
]);

/** Approvals a change of the rules needs: one admin besides its proposer. */
export const POLICY_CHANGE_APPROVALS = 1;

export const DEFAULT_APPROVAL_EXPIRY_MS = 72 * 3_600_000;

/** Mutations no rule may name: the decisions themselves, and what is no money move. */
const NEVER_HELD = new Set([
  'approveRequest',
  'rejectRequest',
  'setPreference',
  'mergePreference',
  ...POLICY_CHANGE_ACTIONS,
]);

/** The mutations a rule may name (the deployment's and the app's alike): every money mutation of the schema. */
export const policyActions = (mutations: readonly string[]): string[] =>
  mutations.filter((name) => !NEVER_HELD.has(name));

const PESOS = /^\d{1,15}(\.\d{1,2})?$/;

export const centsOf = (pesos: string): bigint => BigInt(money(pesos).times(100).toFixed(0));

/** Pesos as the schema's Decimal text from cents. */
export const pesosOf = (cents: bigint | string): string => money(String(cents)).div(100).toFixed(2);

/**
 * APPROVAL_POLICIES: a JSON array of `{ action, minAmount?, dailyAmount?, approvals? }`. Anything else stops the
 * gateway at start with what is wrong (a policy that silently did not apply would let a move through).
 */
export function parseApprovalPolicies(raw: string | undefined, mutations: readonly string[]): ApprovalRule[] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('APPROVAL_POLICIES must be a JSON array of rules');
  }
  if (!Array.isArray(parsed)) throw new Error('APPROVAL_POLICIES must be a JSON array of rules');
  const known = new Set(mutations);
  return parsed.map((rule: unknown, index) => {
    const at = `APPROVAL_POLICIES[${index}]`;
    if (!rule || typeof rule !== 'object') throw new Error(`${at} must be an object`);
    const { action, minAmount, dailyAmount, approvals, ...rest } = rule as Record<string, unknown>;
    const unknownKeys = Object.keys(rest);
    if (unknownKeys.length) throw new Error(`${at} has unknown keys: ${unknownKeys.join(', ')}`);
    if (typeof action !== 'string' || !known.has(action) || NEVER_HELD.has(action))
      throw new Error(
        `${at}.action must name a money mutation of the schema (got ${JSON.stringify(action)})`,
      );
    const amount = (value: unknown, name: string): bigint | null => {
      if (value === undefined || value === null) return null;
      if (typeof value !== 'string' || !PESOS.test(value))
        throw new Error(`${at}.${name} must be pesos as text, e.g. "1000000" or "2500.50"`);
      return centsOf(value);
    };
    const needed = approvals ?? 1;
    if (typeof needed !== 'number' || !Number.isInteger(needed) || needed < 1 || needed > 5)
      throw new Error(`${at}.approvals must be an integer from 1 to 5`);
    return {
      action,
      minAmountCents: amount(minAmount, 'minAmount'),
      dailyAmountCents: amount(dailyAmount, 'dailyAmount'),
      approvals: needed,
    };
  });
}

/** The amount a write sends (`amount` of its body), in cents; null when it names none. */
export function amountOfWrite(body: unknown): bigint | null {
  if (!body || typeof body !== 'object' || !('amount' in body)) return null;
  const text = decimalFromUpstream((body as { amount: unknown }).amount);
  return text === null ? null : centsOf(text);
}

/** A move a rule may hold, as the gate weighs it. */
export interface WeighedMove {
  action: string;
  namespace: string;
  username: string;
  amountCents: bigint | null;
}

/** What a held move's request is made of (the move's own row and call). */
export interface HeldMove extends WeighedMove {
  maker: AuthUser;
  key: string;
  hash: string;
  moveId: string | null;
  targetIds: string[];
  reason: string | null;
  area: string | null;
  permission: string;
  args: Record<string, unknown>;
  approvalsNeeded: number;
}

export interface ApprovalGate {
  readonly settings: ApprovalSettings;
  /** Whether any rule names `action` (a move of an action none names is never weighed). */
  names(action: string): boolean;
  /** How many approvals the move needs (0: none, send it). A daily bound adds an unheld move's amount to the day. */
  weigh(move: WeighedMove): Promise<number>;
  /** Stores the held move's request (its maker's key already holding one: that one). */
  hold(move: HeldMove): Promise<ApprovalRow>;
  /** The maker's request under its key, or null. */
  byKey(namespace: string, maker: string, key: string): Promise<ApprovalRow | null>;
  /** Reads the rules added in the app again now (this replica changed them). */
  reload(): Promise<void>;
  close(): void;
}

/** Thrown at a held move's write: nothing is sent; the pipeline answers PENDING_APPROVAL with the request. */
export class ApprovalRequired extends Error {
  override readonly name = 'ApprovalRequired';
  constructor(readonly request: ApprovalRow) {
    super(`held for approval: request ${request.id}`);
  }
  readonly failure = {
    outcome: 'PENDING_APPROVAL' as const,
    error: {
      message: HELD_MESSAGE,
      code: 'ACTION_NOT_ALLOWED' as const,
      extendedCode: null,
    } satisfies OperationError,
  };
}

export const HELD_MESSAGE =
  'Pendiente de aprobación: la operación quedó registrada y no se envió. Otro operador con el mismo permiso debe aprobarla.';

export const POLICY_HELD_MESSAGE =
  'Pendiente de aprobación de otro administrador: la regla no cambia hasta que otro administrador apruebe la solicitud.';

/** What a held move of `action` says: a change of the rules waits for another admin, a money move for an operator. */
export const heldMessage = (action: string): string =>
  POLICY_CHANGE_ACTIONS.has(action) ? POLICY_HELD_MESSAGE : HELD_MESSAGE;

/** The stores' part the gate uses: the approvals' statements. */
const storeOf = (store: () => Store | null): Store => {
  const open = store();
  if (!open) throw new Error('store not open');
  return open;
};

/** The day's running total of a maker's action, as the store keeps it (approval_daily). */
export interface DailyTotals {
  /** Adds the move's amount when the total stays within `limitCents`: whether it did. */
  add(limitCents: bigint): Promise<boolean>;
  /** The total so far. */
  total(): Promise<bigint>;
}

/**
 * How many approvals the move needs under `rules` (those naming its action): the most any holding rule asks (0: send
 * it). A rule without amounts, or whose `minAmount` the move reaches, holds it; otherwise a daily bound holds it when
 * the day's total would pass it. The move's amount is added to the day once, only when no bound holds it.
 */
export async function approvalsNeeded(
  rules: readonly ApprovalRule[],
  amount: bigint | null,
  daily: DailyTotals,
): Promise<number> {
  if (!rules.length) return 0;
  const holding = rules.filter(
    (rule) =>
      (rule.minAmountCents === null && rule.dailyAmountCents === null) ||
      (rule.minAmountCents !== null && amount !== null && amount >= rule.minAmountCents),
  );
  if (holding.length) return Math.max(...holding.map((rule) => rule.approvals));
  const bounded = rules.filter((rule) => rule.dailyAmountCents !== null);
  if (amount === null || !bounded.length) return 0;
  const lowest = bounded
    .map((rule) => rule.dailyAmountCents!)
    .reduce((low, cents) => (cents < low ? cents : low));
  if (await daily.add(lowest)) return 0;
  // Past the lowest bound: held by it, and by every other bound the day's total would pass too.
  const before = await daily.total();
  const passed = bounded.filter(
    (rule) => rule.dailyAmountCents === lowest || before + amount > rule.dailyAmountCents!,
  );
  return Math.max(...passed.map((rule) => rule.approvals));
}

export function createApprovalGate(
  settings: ApprovalSettings,
  store: () => Store | null,
  now: () => Date = () => new Date(),
  added: PolicyCache | null = null,
): ApprovalGate {
  const named = new Set(settings.policies.map((rule) => rule.action));
  return {
    settings,
    names: (action) =>
      POLICY_CHANGE_ACTIONS.has(action) ||
      named.has(action) ||
      (!NEVER_HELD.has(action) && (added?.mayName(action) ?? false)),
    async weigh(move) {
      if (POLICY_CHANGE_ACTIONS.has(move.action)) return POLICY_CHANGE_APPROVALS;
      // Never judged on rules older than the refresh: read again first (a failure sends nothing: move.ts).
      await added?.fresh();
      const rules = [...settings.policies, ...(added?.rulesOf(move.namespace) ?? [])].filter(
        (rule) => rule.action === move.action,
      );
      const entry = {
        namespace: move.namespace,
        username: move.username,
        action: move.action,
        day: argentineDay(now()),
      };
      return approvalsNeeded(rules, move.amountCents, {
        add: (limitCents) =>
          storeOf(store).approvals.addDailyAmount({ ...entry, cents: move.amountCents!, limitCents }),
        total: () => storeOf(store).approvals.dailyAmount(entry),
      });
    },
    async hold(move) {
      const at = now();
      const { maker, ...request } = move;
      const { row, created } = await storeOf(store).approvals.create({
        namespace: request.namespace,
        action: request.action,
        permission: request.permission,
        area: request.area,
        maker: request.username,
        maker_user: {
          subject: maker.subject,
          username: maker.username,
          name: maker.name,
          email: maker.email,
          permissions: maker.permissions,
        },
        idempotency_key: request.key,
        request_hash: request.hash,
        move_id: request.moveId,
        target_ids: request.targetIds,
        amount_cents: request.amountCents,
        arguments: withoutKey(request.args),
        reason: request.reason,
        approvals_needed: request.approvalsNeeded,
        created_at: at,
        expires_at: new Date(at.getTime() + settings.expiryMs),
      });
      if (created)
        void storeOf(store)
          .approvals.event(row.namespace, row.id)
          .catch(() => undefined);
      return row;
    },
    byKey: (namespace, maker, key) => storeOf(store).approvals.findByKey(namespace, maker, key),
    reload: () => added?.reload() ?? Promise.resolve(),
    close: () => added?.close(),
  };
}

/** A request's arguments as stored and shown: all but the maker's key (sent again from the request's own column). */
function withoutKey(args: Record<string, unknown>): Record<string, unknown> {
  const { idempotencyKey: _key, ...rest } = args;
  return rest;
}

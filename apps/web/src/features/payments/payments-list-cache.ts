import type { ApolloCache } from '@apollo/client';
import type { PaymentDateField, PaymentStatus } from './gql/graphql';

/**
 * Lists after an action (spec 000 §4): the mutation's answer already updated each payment in Apollo's
 * normalized cache, so a row that still matches its list shows its new status in place. A row that no longer
 * matches the list's filter (its status, or the payment-method filter after a change of method) leaves every
 * cached page of that list, and the list's total drops by the rows that left. The screen reloads a page that
 * became empty (or moves to the new last page) and keeps the list state in the URL and session storage.
 */

/** A payment after an action, as the mutation answered it. */
export interface PaymentChange {
  id: string;
  status: PaymentStatus;
  /** Its payment methods' media payment ids; undefined when the answer did not say. */
  mediaPaymentIds?: readonly (number | null | undefined)[];
}

/** The part of a `PaymentFilter` that an action can stop matching. */
export interface ListFilterLike {
  search?: string | null;
  collectorId?: string | null;
  status?: PaymentStatus | null;
  dateField?: PaymentDateField | null;
  mediaPaymentIds?: readonly number[] | null;
}

/** The arguments Apollo stored a field under: `payments({"filter":{...},"page":1})` -> the object. */
export function storeFieldArgs(storeFieldName: string): Record<string, unknown> | null {
  const open = storeFieldName.indexOf('(');
  const close = storeFieldName.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  try {
    const parsed: unknown = JSON.parse(storeFieldName.slice(open + 1, close));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The list's filter from its stored arguments (an empty filter when there is none). */
export function listFilterOf(args: Record<string, unknown> | null): ListFilterLike {
  const filter = args?.filter;
  return filter && typeof filter === 'object' && !Array.isArray(filter) ? (filter as ListFilterLike) : {};
}

/** Pages of the same list share their filter (and so their total), whatever their page, size or sort. */
export function listKey(filter: ListFilterLike): string {
  return JSON.stringify(filter);
}

/**
 * Whether a payment still belongs to a list after an action. The status filter applies unless the period is
 * on the refund date (which ignores it, spec 000 §9); the payment-method filter applies only with a search or
 * a collector (spec 000 §2), as the gateway applies them. Unknown methods never remove a row.
 */
export function stillMatches(change: PaymentChange, filter: ListFilterLike): boolean {
  if (filter.status && filter.dateField !== 'REFUNDED_DATE' && change.status !== filter.status) return false;
  const wanted = filter.mediaPaymentIds ?? [];
  if (wanted.length > 0 && (filter.search || filter.collectorId) && change.mediaPaymentIds) {
    if (!change.mediaPaymentIds.some((id) => id != null && wanted.includes(id))) return false;
  }
  return true;
}

/** The rows of one cached page that stay, and the ids that left it. */
export function pruneRows<Row>(
  rows: readonly Row[],
  idOf: (row: Row) => string | undefined,
  changes: ReadonlyMap<string, PaymentChange>,
  filter: ListFilterLike,
): { rows: Row[]; removed: string[] } {
  const kept: Row[] = [];
  const removed: string[] = [];
  for (const row of rows) {
    const id = idOf(row);
    const change = id === undefined ? undefined : changes.get(id);
    if (change && id !== undefined && !stillMatches(change, filter)) removed.push(id);
    else kept.push(row);
  }
  return { rows: kept, removed };
}

/** A list's new total: the rows that left are no longer counted (never below what the page still shows). */
export function prunedTotal(total: number, removedFromList: number, rowsShown: number): number {
  return Math.max(total - removedFromList, rowsShown, 0);
}

interface StoredPage {
  rows?: readonly unknown[];
  total?: number;
  [key: string]: unknown;
}

function isStoredPage(value: unknown): value is StoredPage {
  return Boolean(value) && typeof value === 'object' && Array.isArray((value as StoredPage).rows);
}

/**
 * Applies payment changes to every cached `payments(...)` list (Buscar Pagos): rows that no longer match leave,
 * totals drop. Answers the ids that left, per list key. Idempotent: applying the same changes again changes
 * nothing (a row leaves once).
 */
export function applyPaymentChangesToLists(
  cache: ApolloCache,
  changes: readonly PaymentChange[],
): Map<string, Set<string>> {
  const byId = new Map(changes.map((change) => [change.id, change]));
  const removedByList = new Map<string, Set<string>>();
  if (byId.size === 0) return removedByList;

  // Pass 1: which rows leave which list (a row may sit in several cached pages of one list).
  cache.modify({
    broadcast: false,
    fields: {
      payments(existing: unknown, { storeFieldName, readField }) {
        if (!isStoredPage(existing)) return existing;
        const filter = listFilterOf(storeFieldArgs(storeFieldName));
        const { removed } = pruneRows(
          existing.rows ?? [],
          (row) => readField<string>('id', row as never) ?? undefined,
          byId,
          filter,
        );
        if (removed.length > 0) {
          const key = listKey(filter);
          const set = removedByList.get(key) ?? new Set<string>();
          removed.forEach((id) => set.add(id));
          removedByList.set(key, set);
        }
        return existing;
      },
    },
  });
  if (removedByList.size === 0) return removedByList;

  // Pass 2: remove them and lower the totals of every page of those lists.
  cache.modify({
    fields: {
      payments(existing: unknown, { storeFieldName, readField }) {
        if (!isStoredPage(existing)) return existing;
        const filter = listFilterOf(storeFieldArgs(storeFieldName));
        const removedFromList = removedByList.get(listKey(filter));
        if (!removedFromList) return existing;
        const { rows } = pruneRows(
          existing.rows ?? [],
          (row) => readField<string>('id', row as never) ?? undefined,
          byId,
          filter,
        );
        const total = typeof existing.total === 'number' ? existing.total : rows.length;
        return { ...existing, rows, total: prunedTotal(total, removedFromList.size, rows.length) };
      },
    },
  });
  return removedByList;
}

/**
 * The payments of every cached list as the normalized cache knows them now. An action taken elsewhere (the
 * payment detail) updated the payment but not the lists it sits in: applying these changes when Buscar Pagos
 * opens makes those lists follow it too, before the network answers.
 */
export function cachedListPayments(cache: ApolloCache): PaymentChange[] {
  const found = new Map<string, PaymentChange>();
  cache.modify({
    broadcast: false,
    fields: {
      payments(existing: unknown, { readField }) {
        if (!isStoredPage(existing)) return existing;
        for (const row of existing.rows ?? []) {
          const id = readField<string>('id', row as never);
          const status = readField<PaymentStatus>('status', row as never);
          if (!id || !status || found.has(id)) continue;
          const methods = readField<readonly { mediaPaymentId?: number | null }[]>(
            'paymentMethods',
            row as never,
          );
          found.set(id, {
            id,
            status,
            mediaPaymentIds: Array.isArray(methods) ? methods.map((m) => m?.mediaPaymentId) : undefined,
          });
        }
        return existing;
      },
    },
  });
  return [...found.values()];
}

/** What the mutations answer about a payment, as a change (null without a payment). */
export function paymentChangeOf(
  payment:
    | {
        id: string;
        status: PaymentStatus;
        paymentMethods?: readonly { mediaPaymentId?: number | null }[] | null;
      }
    | null
    | undefined,
): PaymentChange | null {
  if (!payment) return null;
  return {
    id: payment.id,
    status: payment.status,
    mediaPaymentIds: payment.paymentMethods?.map((method) => method.mediaPaymentId),
  };
}

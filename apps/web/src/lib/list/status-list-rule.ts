import type { ListCacheRule, ReadRowField } from './list-cache';

/** What a changed row says about the lists it sits in when they filter it by its status. */
export interface StatusRowChange<Status extends string> {
  id: string;
  status?: Status;
}

/** A cached row's id and status, what a status rule reads of it (null without an id). */
export function statusChangeOfRow<Status extends string>(
  readField: ReadRowField,
  row: unknown,
): StatusRowChange<Status> | null {
  const id = readField<string>('id', row);
  return id ? { id, status: readField<Status>('status', row) } : null;
}

/**
 * The cache rule of a list filtered by one status (none: every status), stored under the root field `field`: after
 * an action a row leaves each cached list whose status it no longer has.
 */
export function statusListRule<Status extends string, Filter extends { status?: Status | null }>(
  field: string,
): ListCacheRule<StatusRowChange<Status>, Filter> {
  return {
    field,
    stillMatches: (change, filter) => !filter.status || !change.status || change.status === filter.status,
    changeOfRow: statusChangeOfRow,
  };
}

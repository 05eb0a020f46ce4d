/**
 * A single record's address, built from its route's pattern: the one way to link to a record's screen (a payment's
 * detail, a payer's, a batch's...). Every parameter is encoded here, once (an id such as `a/b` stays one segment).
 * The manifest (app/routes.ts) declares these routes with the same patterns, written out there so that the shell does
 * not carry this module; app/__tests__/record-links.test.ts holds the two alike, and that each builder's address
 * matches its route. eslint.config.js reads the patterns below to refuse a record address written by hand elsewhere.
 *
 * A list's address is its definition's instead (`hrefOf`, lib/list/list-definition.ts): a list has a codec of its
 * own, declared in its area; a record route is a pattern only, kept here in shared code so that any area (or a
 * shared detail section) links to any record without importing anything of the record's area.
 */

/** Every route that shows one record, by the record's kind: its React Router pattern (`:name` is a parameter). */
export const RECORD_ROUTES = {
  payment: '/pago/:id',
  subscription: '/suscripcion/:id',
  notification: '/notificacion/:id',
  collector: '/comercios/:collectorId',
  payer: '/pagadores/:id',
  payerReferenceEdit: '/pagadores/referencias/:id/editar',
  import: '/importacion/:id',
  /** A withdrawal batch as the withdrawals screens open it. */
  withdrawalBatch: '/retiros/lotes/:collectorId/:batchId',
  /** The same batch detail, as Lotes opens it. */
  batch: '/lotes/lotes/:collectorId/:id',
  presentation: '/afip/:id',
  /** A card BIN's form; the id `-1` opens it empty, for a new BIN. */
  bin: '/bin/:id',
} as const;

export type RecordKind = keyof typeof RECORD_ROUTES;

/** The parameter names of a route pattern: `/retiros/lotes/:collectorId/:batchId` → `collectorId | batchId`. */
type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a record kind's address needs: each of its route's parameters, as text. */
export type RecordParams<Kind extends RecordKind> = Readonly<
  Record<ParamNames<(typeof RECORD_ROUTES)[Kind]>, string>
>;

/** The address of one record: its route's pattern with each parameter encoded (`recordHref('payment', { id })`). */
export function recordHref<Kind extends RecordKind>(kind: Kind, params: RecordParams<Kind>): string {
  const values: Readonly<Record<string, string>> = params;
  return RECORD_ROUTES[kind].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name]!));
}

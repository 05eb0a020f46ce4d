/**
 * The audit trail: one structured event per root mutation field of every GraphQL request that ran, and one event
 * for all the root fields of a request refused before they ran (permission, budget, validation), written
 * through the gateway's logger (`{"msg":"audit","event":"audit",...}` on stdout, shipped to the SIEM; see
 * docs/operations.md). It reads the operation's root fields, the arguments each one received and what its resolver
 * returned or threw, so that every mutation added to the schema is audited without anyone remembering to.
 */
import type { ApolloServerPlugin, GraphQLRequestContext } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import {
  defaultFieldResolver,
  getArgumentValues,
  getNamedType,
  GraphQLError,
  Kind,
  valueFromASTUntyped,
  type DocumentNode,
  type FieldNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { listFieldPermissions, type Requirements } from '../auth/auth-directive.js';
import type { GatewayContext } from '../gateway-context.js';
import type { Logger } from '../logger.js';
import type { RefusalBudget } from './refusal-budget.js';
import type { MoveMark, MoveResult } from '../money/move.js';
import { UpstreamError, UpstreamTimeout, UpstreamUnavailable } from '../upstream/errors.js';

/**
 * - `allowed`: authorized and run; its result says nothing about success (a mutation without an outcome payload).
 * - `denied`: refused before it ran: by @auth (FORBIDDEN), by the request's budget (BAD_REQUEST) or for invalid
 *   variables (BAD_USER_INPUT); all the refused calls of one request are one event.
 * - `success` / `failed` / `unknown`: the payload's outcome (SUCCESS / FAILED / UNKNOWN, "resultado desconocido"),
 *   or, for an error instead of a payload: invalid input or an upstream error answer are `failed`, an upstream
 *   timeout or lost connection is `unknown`. A bulk mutation is `success` only when every item succeeded,
 *   `unknown` when any item is unknown, else `failed`; `items` lists each id's result.
 * - `error`: an unexpected error of the gateway (masked for the client as INTERNAL_SERVER_ERROR).
 */
export type AuditResult = 'allowed' | 'denied' | 'success' | 'failed' | 'unknown' | 'error';

/** A payload's or a thrown error's result as the audit and the money moves read it. */
export function moveResultOf(value: unknown, error: unknown): MoveResult {
  return error ? fromError(error) : fromPayload(value);
}

export interface AuditEvent {
  event: 'audit';
  /** preferred_username of the token (the operator). */
  user: string | null;
  /** The permission that granted the call (several joined with "+" when the field and its type both ask), or null. */
  permissionUsed: string | null;
  /** The root mutation field, e.g. "refundPayment". */
  operation: string;
  /** The client's operation name, when it sent one. */
  operationName: string | null;
  /**
   * Ids named by the arguments: `id`, `ids`, and `*Id` / `*Ids` (also inside input objects; never inside a JSON
   * value such as a preference's). At most 200, or 10 for a refused request.
   */
  targetIds: string[];
  /** How many distinct ids the arguments named, when more than `targetIds` lists. */
  targetCount?: number;
  /** The `reason` argument (or `input.reason`), trimmed, at most 500 characters (200 refused); null when absent. */
  reason: string | null;
  result: AuditResult;
  /** Why, when not a success: FORBIDDEN, BAD_USER_INPUT, UPSTREAM_TIMEOUT, the upstream code... */
  errorCode: string | null;
  /** Bulk mutations: the result of each item. */
  items?: Array<{ id: string; result: AuditResult }>;
  /** A bulk over a filter ("all N matching the search"): the filter and the confirmed count; `items` has its ids. */
  matching?: { filter: unknown; expectedCount: unknown };
  /** A refused request of several root fields (aliases): how many, and their mutations when they differ. */
  calls?: number;
  operations?: string[];
  requestId: string;
  /**
   * A money move's record (money/move.ts): `recorded`, its row was written before it was sent and holds
   * its outcome; `replayed`, a retry answered from that row; `unsent`, it ran but sent nothing upstream.
   */
  move?: MoveMark;
}

const MAX_REASON = 500;
const MAX_IDS = 200;
/** A refused request's event, and any activity row (activity-writer.ts): its first ids, its reason cut. */
export const COMPACT_IDS = 10;
export const COMPACT_REASON = 200;

/**
 * Preference mutations (`setPreference`...): a column ticked or a search remembered is not an operator's action on
 * a record; they are audited, never stored as activity.
 */
export const isPreferenceMutation = (operation: string): boolean => /Preferences?$/.test(operation);

interface Observed {
  args: Record<string, unknown>;
  error: unknown;
  result: unknown;
}

interface RootSelection {
  key: string;
  node: FieldNode;
}

function include(
  node: FieldNode | { directives?: FieldNode['directives'] },
  variables: Record<string, unknown>,
) {
  for (const directive of node.directives ?? []) {
    const name = directive.name.value;
    if (name !== 'skip' && name !== 'include') continue;
    const arg = directive.arguments?.find((a) => a.name.value === 'if');
    if (!arg) continue;
    const value =
      arg.value.kind === Kind.VARIABLE ? variables[arg.value.name.value] : valueFromASTUntyped(arg.value);
    if (typeof value !== 'boolean') continue;
    if ((name === 'skip' && value) || (name === 'include' && !value)) return false;
  }
  return true;
}

/** The root fields of the operation by response key (aliases count apart), following fragments. */
function rootSelections(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): RootSelection[] {
  const fragments = new Map(
    document.definitions.flatMap((d) =>
      d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [],
    ),
  );
  const out = new Map<string, RootSelection>();
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (!include(selection, variables)) continue;
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) continue;
        const key = selection.alias?.value ?? selection.name.value;
        if (!out.has(key)) out.set(key, { key, node: selection });
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (fragment && !seen.has(name)) {
          seen.add(name);
          visit(fragment.selectionSet);
        }
      }
    }
  };
  visit(operation.selectionSet);
  return [...out.values()];
}

const idText = (value: unknown): string | null =>
  typeof value === 'string' ? value.slice(0, 128) : typeof value === 'number' ? String(value) : null;

const NO_ARGS: ReadonlySet<string> = new Set();

/**
 * Adds to `ids` the distinct ids named by the arguments: id, ids, *Id, *Ids, one level into input objects and lists
 * of them; `opaque` arguments (JSON values) are the client's data and are not read.
 */
function collectIds(
  args: Record<string, unknown>,
  ids: Set<string>,
  opaque: ReadonlySet<string> = NO_ARGS,
): void {
  const add = (value: unknown) => {
    const text = idText(value);
    if (text !== null) ids.add(text);
  };
  const scan = (object: Record<string, unknown>, depth: number) => {
    for (const [key, value] of Object.entries(object)) {
      if (depth === 0 && opaque.has(key)) continue;
      if (key === 'id' || /[a-z]Id$/.test(key)) add(value);
      else if ((key === 'ids' || /[a-z]Ids$/.test(key)) && Array.isArray(value)) value.forEach(add);
      else if (depth < 2 && value && typeof value === 'object') {
        for (const item of Array.isArray(value) ? value : [value]) {
          if (item && typeof item === 'object') scan(item as Record<string, unknown>, depth + 1);
        }
      }
    }
  };
  scan(args, 0);
}

/** The first `max` of a set of ids, and how many there were when more. */
function listed(ids: ReadonlySet<string>, max: number): Pick<AuditEvent, 'targetIds' | 'targetCount'> {
  const targetIds = [...ids].slice(0, max);
  return ids.size > targetIds.length ? { targetIds, targetCount: ids.size } : { targetIds };
}

/** Ids named by the arguments (at most 200): id, ids, *Id, *Ids, one level into input objects and lists of them. */
export function targetIdsOf(args: Record<string, unknown>, opaque?: ReadonlySet<string>): string[] {
  const ids = new Set<string>();
  collectIds(args, ids, opaque);
  return listed(ids, MAX_IDS).targetIds;
}

export function reasonOf(args: Record<string, unknown>): string | null {
  const input = args.input && typeof args.input === 'object' ? (args.input as Record<string, unknown>) : {};
  const reason =
    typeof args.reason === 'string' ? args.reason : typeof input.reason === 'string' ? input.reason : null;
  const trimmed = reason?.trim();
  return trimmed ? trimmed.slice(0, MAX_REASON) : null;
}

/** The arguments of each mutation that carry JSON (a preference's value): never read for ids. */
function jsonArguments(schema: GraphQLSchema): Map<string, ReadonlySet<string>> {
  const out = new Map<string, ReadonlySet<string>>();
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const names = field.args.filter((arg) => getNamedType(arg.type).name === 'JSON').map((arg) => arg.name);
    if (names.length) out.set(field.name, new Set(names));
  }
  return out;
}

interface RefusedCall {
  operation: string;
  args: Record<string, unknown>;
  errorCode: string | null;
}

/**
 * The one event of a request's refused calls, however many aliases it held: its first mutation, its first ids
 * and reason, cut (a refused request costs one short line and one small row, whatever its caller sent).
 */
function refusedEvent(
  calls: readonly RefusedCall[],
  opaque: ReadonlyMap<string, ReadonlySet<string>>,
): Pick<
  AuditEvent,
  'operation' | 'targetIds' | 'targetCount' | 'reason' | 'errorCode' | 'calls' | 'operations'
> {
  const ids = new Set<string>();
  let reason: string | null = null;
  for (const call of calls) {
    collectIds(call.args, ids, opaque.get(call.operation));
    reason ??= reasonOf(call.args);
  }
  const operations = [...new Set(calls.map((c) => c.operation))];
  return {
    operation: calls[0]!.operation,
    ...listed(ids, COMPACT_IDS),
    reason: reason?.slice(0, COMPACT_REASON) ?? null,
    errorCode: calls[0]!.errorCode,
    ...(calls.length > 1 ? { calls: calls.length } : {}),
    ...(operations.length > 1 ? { operations: operations.slice(0, COMPACT_IDS) } : {}),
  };
}

/** Why a request failed before running: its first error's code (BAD_REQUEST of the budget, BAD_USER_INPUT...). */
function requestErrorCode(errors: readonly GraphQLError[] | undefined): string {
  const code = errors?.[0]?.extensions?.code;
  return typeof code === 'string' ? code : 'BAD_USER_INPUT';
}

/** A bulk mutation's `matching` argument (filter and confirmed count), when given. */
function matchingOf(args: Record<string, unknown>): Pick<AuditEvent, 'matching'> {
  const matching = args.matching;
  if (!matching || typeof matching !== 'object') return {};
  const { filter = null, expectedCount = null } = matching as Record<string, unknown>;
  return { matching: { filter, expectedCount } };
}

const OUTCOMES: Record<string, AuditResult> = { SUCCESS: 'success', FAILED: 'failed', UNKNOWN: 'unknown' };

/** The result of a resolved payload: its outcome, a bulk payload's items, or `allowed` when it carries neither. */
function fromPayload(result: unknown): Pick<AuditEvent, 'result' | 'errorCode' | 'items'> {
  if (!result || typeof result !== 'object') return { result: 'allowed', errorCode: null };
  const payload = result as Record<string, unknown>;
  const errorCode = (payload.error as { code?: unknown } | null | undefined)?.code;
  const code = typeof errorCode === 'string' ? errorCode : null;
  if (typeof payload.outcome === 'string' && OUTCOMES[payload.outcome]) {
    return { result: OUTCOMES[payload.outcome]!, errorCode: code };
  }
  if (Array.isArray(payload.results)) {
    const items = payload.results.map((item) => {
      const record = (item ?? {}) as Record<string, unknown>;
      return {
        id: idText(record.id) ?? '',
        result: OUTCOMES[String(record.outcome)] ?? ('error' as AuditResult),
      };
    });
    const result: AuditResult = items.every((i) => i.result === 'success')
      ? 'success'
      : items.some((i) => i.result === 'unknown')
        ? 'unknown'
        : 'failed';
    return { result, errorCode: code, items };
  }
  if (payload.error) return { result: 'failed', errorCode: code };
  return { result: 'allowed', errorCode: null };
}

function fromError(error: unknown): Pick<AuditEvent, 'result' | 'errorCode'> {
  const original = unwrapResolverError(error);
  if (original instanceof UpstreamTimeout) return { result: 'unknown', errorCode: 'UPSTREAM_TIMEOUT' };
  if (original instanceof UpstreamUnavailable)
    return { result: 'unknown', errorCode: 'UPSTREAM_UNAVAILABLE' };
  if (original instanceof UpstreamError)
    return { result: 'failed', errorCode: original.code ?? 'UPSTREAM_ERROR' };
  const code =
    original instanceof GraphQLError && typeof original.extensions?.code === 'string'
      ? original.extensions.code
      : null;
  if (code === 'FORBIDDEN' || code === 'UNAUTHENTICATED') return { result: 'denied', errorCode: code };
  if (code === 'BAD_USER_INPUT' || code === 'NOT_FOUND' || code === 'STORE_UNAVAILABLE')
    return { result: 'failed', errorCode: code };
  return { result: 'error', errorCode: 'INTERNAL_SERVER_ERROR' };
}

/** The permission of each requirement group the user holds (null when one is missing or nothing is required). */
function permissionUsed(requirements: Requirements | undefined, held: readonly string[]): string | null {
  if (!requirements?.length) return null;
  const used: string[] = [];
  for (const group of requirements) {
    const permission = group.find((p) => held.includes(p));
    if (!permission) return null;
    used.push(permission);
  }
  return used.join('+');
}

function argsFromAst(
  schema: GraphQLSchema,
  node: FieldNode,
  variables: Record<string, unknown>,
): Record<string, unknown> {
  const definition = schema.getMutationType()?.getFields()[node.name.value];
  if (definition) {
    try {
      return getArgumentValues(definition, node, variables);
    } catch {
      /* invalid input: fall back to what the client sent */
    }
  }
  return Object.fromEntries(
    (node.arguments ?? []).map((a) => [
      a.name.value,
      a.value.kind === Kind.VARIABLE
        ? variables[a.value.name.value]
        : valueFromASTUntyped(a.value, variables),
    ]),
  );
}

export interface AuditPluginOptions {
  logger: Logger;
  /** The served schema (for each mutation's @auth requirements). */
  schema: GraphQLSchema;
  /**
   * Also given each event after its line is written, but a preference mutation's (the activity writer: never
   * awaited, never throws here).
   */
  onEvent?: (event: AuditEvent) => void;
  /** Refused requests written one by one per operator (audit/refusal-budget.ts); without it, all of them. */
  refusals?: RefusalBudget;
}

/** Where a request's observer of root mutation fields sits on its context (set by the plugin for mutations). */
const ROOT_FIELD_OBSERVER = Symbol('audit root field observer');
type RootFieldObserver = (key: string, observed: Observed) => void;
const observedSchemas = new WeakSet<GraphQLSchema>();

/**
 * Wraps each root mutation field's resolver, in place, to report its arguments and what it returned or threw to the
 * request's observer. Only the root mutation fields: Apollo's `willResolveField` hook would wrap every field of the
 * schema for every later request, a per-row cost on every list and no inlining for a compiled executor.
 */
function observeRootMutationFields(schema: GraphQLSchema): void {
  if (observedSchemas.has(schema)) return;
  observedSchemas.add(schema);
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = (source, args, contextValue, info) => {
      const hooks = contextValue as { [ROOT_FIELD_OBSERVER]?: RootFieldObserver } | null;
      const observe = hooks?.[ROOT_FIELD_OBSERVER];
      if (!observe) return resolve(source, args, contextValue, info);
      const key = String(info.path.key);
      const done = (error: unknown, result: unknown) =>
        observe(key, { args: args as Record<string, unknown>, error, result });
      try {
        const result = resolve(source, args, contextValue, info);
        if (result && typeof (result as PromiseLike<unknown>).then === 'function') {
          (result as PromiseLike<unknown>).then(
            (value) => done(null, value),
            (error: unknown) => done(error, undefined),
          );
        } else {
          done(null, result);
        }
        return result;
      } catch (error) {
        done(error, undefined);
        throw error;
      }
    };
  }
}

/** The audit event of a money move's intent (its result 'pending'), as the pipeline stores it (money/pipeline.ts). */
export type IntentEvent = Omit<AuditEvent, 'result'> & { result: 'pending' };

/**
 * How the audit describes a root mutation field about to run as a money move: its intent's event, or null when the
 * field is no move (a preference mutation, or a call @auth refuses: it throws before anything).
 */
export function moveIntentEvents(
  schema: GraphQLSchema,
): (
  fieldName: string,
  args: Record<string, unknown>,
  who: {
    user: { username: string; permissions: readonly string[] };
    requestId: string;
    operationName: string | null;
  },
) => IntentEvent | null {
  const opaque = jsonArguments(schema);
  const requirements = new Map(
    listFieldPermissions(schema)
      .filter((f) => f.typeName === schema.getMutationType()?.name)
      .map((f) => [f.fieldName, f.requirements]),
  );
  return (fieldName, args, { user, requestId, operationName }) => {
    const needs = requirements.get(fieldName);
    const granted = permissionUsed(needs, user.permissions);
    if (isPreferenceMutation(fieldName) || ((needs?.length ?? 0) > 0 && !granted)) return null;
    const ids = new Set<string>();
    collectIds(args, ids, opaque.get(fieldName));
    return {
      event: 'audit',
      user: user.username,
      permissionUsed: granted,
      operation: fieldName,
      operationName,
      ...listed(ids, MAX_IDS),
      reason: reasonOf(args),
      result: 'pending',
      errorCode: null,
      requestId,
    };
  };
}

/** Writes an audit event's line and hands it to `onEvent` (the activity), but a preference's or a recorded move's. */
function auditWriter(
  logger: AuditPluginOptions['logger'],
  onEvent: AuditPluginOptions['onEvent'],
): (event: AuditEvent) => void {
  return (event) => {
    (logger.audit ?? logger.info)('audit', { ...event });
    if (!onEvent || (event.operations ?? [event.operation]).every(isPreferenceMutation)) return;
    // A money move's row was written before it was sent and holds its outcome; a replay is not a new action.
    if (event.move === 'recorded' || event.move === 'replayed') return;
    try {
      onEvent(event);
    } catch (error) {
      logger.warn('audit event not passed on', { error: String(error) });
    }
  };
}

export function auditPlugin({
  logger,
  schema,
  onEvent,
  refusals,
}: AuditPluginOptions): ApolloServerPlugin<GatewayContext> {
  observeRootMutationFields(schema);
  const opaque = jsonArguments(schema);
  const requirements = new Map(
    listFieldPermissions(schema)
      .filter((f) => f.typeName === schema.getMutationType()?.name)
      .map((f) => [f.fieldName, f.requirements]),
  );
  const write = auditWriter(logger, onEvent);

  return {
    async requestDidStart() {
      let operation: OperationDefinitionNode | null = null;
      const observed = new Map<string, Observed>();
      return {
        async didResolveOperation(context) {
          if (context.operation?.operation !== 'mutation') return;
          operation = context.operation;
          const observe: RootFieldObserver = (key, seen) => observed.set(key, seen);
          Object.defineProperty(context.contextValue, ROOT_FIELD_OBSERVER, {
            value: observe,
            configurable: true,
          });
        },
        async willSendResponse(context: GraphQLRequestContext<GatewayContext>) {
          if (!operation || !context.document) return;
          const user = context.contextValue.user;
          const held = user?.permissions ?? [];
          const variables = (context.request.variables ?? {}) as Record<string, unknown>;
          const requestFailed = !observed.size && (context.errors?.length ?? 0) > 0;
          const base = {
            event: 'audit' as const,
            user: user?.username ?? null,
            operationName: context.operationName ?? null,
            requestId: context.contextValue.requestId,
          };
          const refused: RefusedCall[] = [];
          for (const { key, node } of rootSelections(context.document, operation, variables)) {
            const fieldName = node.name.value;
            const seen = observed.get(key);
            const args = seen?.args ?? argsFromAst(schema, node, variables);
            const granted = permissionUsed(requirements.get(fieldName), held);
            const guarded = (requirements.get(fieldName)?.length ?? 0) > 0;
            const outcome: Pick<AuditEvent, 'result' | 'errorCode' | 'items'> | null = seen
              ? seen.error
                ? fromError(seen.error)
                : fromPayload(seen.result)
              : null;
            if (!outcome || outcome.result === 'denied') {
              // Not run: refused by @auth, by the request's budget or for invalid variables, or an earlier root
              // field aborted the operation. Written below, with the request's other refused calls, as one event.
              const errorCode = outcome
                ? outcome.errorCode
                : guarded && !granted
                  ? 'FORBIDDEN'
                  : requestFailed
                    ? requestErrorCode(context.errors)
                    : 'NOT_EXECUTED';
              refused.push({ operation: fieldName, args, errorCode });
              continue;
            }
            const ids = new Set<string>();
            collectIds(args, ids, opaque.get(fieldName));
            // How its money move ended, as the pipeline says (money/pipeline.ts): a recorded move's row is its record.
            const mark = context.contextValue.moveMarks?.get(key);
            // A call that ran but sent nothing upstream and failed (input found bad, a rule, a version, a key used
            // for another request): a refusal within its operator's budget like the others; past it,
            // summarised. Not a store that could not record the move: that is the platform's, always written.
            if (
              mark === 'unsent' &&
              outcome.result === 'failed' &&
              outcome.errorCode !== 'STORE_UNAVAILABLE' &&
              refusals &&
              !(await refusals.admit(base.user))
            ) {
              continue;
            }
            write({
              ...base,
              permissionUsed: granted,
              operation: fieldName,
              ...listed(ids, MAX_IDS),
              reason: reasonOf(args),
              result: outcome.result,
              errorCode: outcome.errorCode,
              ...(outcome.items ? { items: outcome.items } : {}),
              ...matchingOf(args),
              ...(mark ? { move: mark } : {}),
            });
          }
          if (!refused.length) return;
          // Past its operator's budget a refusal is counted and summarised instead (audit/refusal-budget.ts).
          if (refusals && !(await refusals.admit(base.user))) return;
          write({ ...base, permissionUsed: null, result: 'denied', ...refusedEvent(refused, opaque) });
        },
      };
    },
  };
}

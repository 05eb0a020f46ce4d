/**
 * The one refusal model of every mutation (schema 2.0.0): a payload implementing `OperationResult`, its
 * `error` an `OperationError` whose `code` is the closed enum `OperationErrorCode`.
 *
 * Inside the gateway an error keeps the code where it was decided (a rule's ACTION_NOT_ALLOWED, the service's own
 * `invalid_status`, a validator's BAD_USER_INPUT): the audit, the activity and the money moves' stored answers read
 * that code. It becomes the enum only when a client reads it (the `OperationError` field resolvers below), so an
 * answer stored before 2.0.0 (a string code) replays in the new shape with no migration of the store.
 *
 * Also here: an input error of a mutation answers its payload (FAILED, INVALID_INPUT, `field`), never `errors[]`
 * (`answerRefusalsAsPayloads`), and a bulk's payload-level outcome (`bulkPayload`).
 */
import {
  defaultFieldResolver,
  getNamedType,
  GraphQLError,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { BadUserInputError } from '../errors.js';
import { namingField } from '../format-error.js';
import type {
  ActivityErrorCode,
  MutationOutcome,
  OperationErrorCode,
  OperationErrorResolvers,
} from '../generated/resolvers-types.js';

/**
 * An error as the gateway builds, audits and stores it: `code` as it was decided (the enum's value, a service's own
 * code, or a 1.0.0 spelling read back from the store); `field` the argument's path in the validators' notation
 * (`ids[3]`, `matching.expectedCount`).
 *
 * @mapper OperationError
 */
export interface OperationErrorModel {
  message: string;
  code?: string | null;
  extendedCode?: string | null;
  field?: string | null;
}

/** The enum's values, the closed set a client branches on. */
const ENUM_VALUES: ReadonlySet<OperationErrorCode> = new Set<OperationErrorCode>([
  'INVALID_INPUT',
  'ACTION_NOT_ALLOWED',
  'VERSION_CONFLICT',
  'NOT_FOUND',
  'INVALID_STATE',
  'FORBIDDEN',
  'IDEMPOTENCY_KEY_REUSED',
  'MOVE_IN_PROGRESS',
  'STORE_UNAVAILABLE',
  'GATEWAY_STOPPED',
  'SERVER_RESTARTING',
  'REFUND_REJECTED',
  'REFUND_PARTIAL',
  'UPSTREAM_REFUSED',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_ERROR',
  'INTERNAL_ERROR',
  'APPROVAL_REJECTED',
  'APPROVAL_EXPIRED',
  'APPROVAL_NOT_PENDING',
  'SELF_APPROVAL',
  'MOVE_LIMIT_REACHED',
]);

/** Other spellings of a reason: the gateway's own (1.0.0) and the services' (docs/upstream-contract.md §2). */
const SPELLINGS: Readonly<Record<string, OperationErrorCode>> = {
  bad_user_input: 'INVALID_INPUT',
  validation_error: 'INVALID_INPUT',
  invalid_request: 'INVALID_INPUT',
  bad_request: 'INVALID_INPUT',
  invalid_filters: 'INVALID_INPUT',
  not_found: 'NOT_FOUND',
  record_changed: 'VERSION_CONFLICT',
  conflict: 'INVALID_STATE',
  invalid_status: 'INVALID_STATE',
  invalid_state: 'INVALID_STATE',
  forbidden: 'FORBIDDEN',
  unauthorized: 'FORBIDDEN',
  rejected: 'REFUND_REJECTED',
  partial: 'REFUND_PARTIAL',
  internal_server_error: 'INTERNAL_ERROR',
  service_unavailable: 'UPSTREAM_UNAVAILABLE',
  invalid_response: 'UPSTREAM_ERROR',
  internal_error: 'UPSTREAM_ERROR',
};

/** The services' extended codes that name a reason of the enum by themselves. */
const EXTENDED_SPELLINGS: Readonly<Record<string, OperationErrorCode>> = {
  idempotency_key_reused: 'IDEMPOTENCY_KEY_REUSED',
};

/** The enum value of an error's code: one per reason; a code it does not name is UPSTREAM_REFUSED. */
export function errorCodeOf(error: Pick<OperationErrorModel, 'code' | 'extendedCode'>): OperationErrorCode {
  const extended = error.extendedCode?.trim().toLowerCase();
  if (extended && EXTENDED_SPELLINGS[extended]) return EXTENDED_SPELLINGS[extended];
  const code = error.code?.trim() ?? '';
  if (ENUM_VALUES.has(code as OperationErrorCode)) return code as OperationErrorCode;
  const lower = code.toLowerCase();
  return SPELLINGS[lower] ?? (lower.endsWith('not_found') ? 'NOT_FOUND' : 'UPSTREAM_REFUSED');
}

/**
 * The codes the audit stores for an action refused with its request (audit/audit-plugin.ts): not reasons of a
 * mutation's payload, so not in its enum.
 */
const REQUEST_CODES: Readonly<Record<string, ActivityErrorCode>> = {
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  NOT_EXECUTED: 'NOT_EXECUTED',
  GRAPHQL_PARSE_FAILED: 'REQUEST_REFUSED',
  GRAPHQL_VALIDATION_FAILED: 'REQUEST_REFUSED',
  BAD_REQUEST: 'REQUEST_REFUSED',
  OPERATION_RESOLUTION_FAILURE: 'REQUEST_REFUSED',
  INTERNAL_SERVER_ERROR: 'INTERNAL_ERROR',
};

/** An activity event's stored code as `ActivityErrorCode` (null for none): the request's own, or the payload's. */
export function activityErrorCodeOf(code: string | null | undefined): ActivityErrorCode | null {
  if (!code) return null;
  return REQUEST_CODES[code] ?? errorCodeOf({ code });
}

/** The service's own code (what is not one of the gateway's own spellings); null when the gateway decided. */
export function serviceCodeOf(error: Pick<OperationErrorModel, 'code'>): string | null {
  const code = error.code?.trim();
  if (!code || code === code.toUpperCase()) return null;
  return code;
}

/** `matching.expectedCount` → ['matching', 'expectedCount']; `ids[3]` → ['ids', '3']. */
export function fieldPath(field: string | null | undefined): string[] | null {
  if (!field) return null;
  const path = field.split(/[.[\]]+/).filter(Boolean);
  return path.length ? path : null;
}

export const operationErrorResolvers: OperationErrorResolvers = {
  code: (error) => errorCodeOf(error),
  serviceCode: (error) => serviceCodeOf(error),
  extendedCode: (error) => error.extendedCode ?? null,
  field: (error) => (errorCodeOf(error) === 'INVALID_INPUT' ? fieldPath(error.field) : null),
};

/** A bulk item's outcome, as `bulkPayload` reads it. */
interface ItemOutcome {
  outcome: MutationOutcome;
}

/** SUCCESS when every item succeeded, UNKNOWN when any is unknown, else FAILED (as the audit reads a bulk). */
export function bulkOutcome(results: readonly ItemOutcome[]): MutationOutcome {
  if (results.every((item) => item.outcome === 'SUCCESS')) return 'SUCCESS';
  return results.some((item) => item.outcome === 'UNKNOWN') ? 'UNKNOWN' : 'FAILED';
}

/** A bulk's payload: its items, and the outcome they make together (`error` only for a refused request). */
export function bulkPayload<Item extends ItemOutcome>(
  results: Item[],
): { results: Item[]; outcome: MutationOutcome; error: null; message: string | null } {
  const outcome = bulkOutcome(results);
  return {
    results,
    outcome,
    error: null,
    message:
      outcome === 'SUCCESS'
        ? `Se procesaron ${results.length} ${results.length === 1 ? 'elemento' : 'elementos'} correctamente.`
        : null,
  };
}

/**
 * The fields a payload type requires, empty: its lists (`results: [...]!`, `refunds: [Refund!]!`) and its counts
 * (`deleted: Int!`, 0): a refusal carries no document and did nothing.
 */
export function requiredEmpties(returnType: GraphQLOutputType): Record<string, unknown> {
  const type = getNamedType(returnType);
  if (!isObjectType(type)) return {};
  const empty = (field: GraphQLField<unknown, unknown>): unknown => {
    if (!isNonNullType(field.type) || field.name === 'outcome') return undefined;
    if (isListType(field.type.ofType)) return [];
    const named = getNamedType(field.type).name;
    return named === 'Int' || named === 'Float' ? 0 : undefined;
  };
  return Object.fromEntries(
    Object.values(type.getFields())
      .map((field) => [field.name, empty(field)] as const)
      .filter(([, value]) => value !== undefined),
  );
}

/** A payload of `returnType` carrying only a refusal of the whole request. */
export function refusalPayload(
  returnType: GraphQLOutputType,
  outcome: Exclude<MutationOutcome, 'SUCCESS'>,
  error: OperationErrorModel,
): Record<string, unknown> {
  return { ...requiredEmpties(returnType), outcome, error, message: null };
}

/**
 * The gateway's refusals of a whole request that are data of the payload: its validators' (BAD_USER_INPUT, the
 * field named) and a store that cannot be reached. Anything else thrown stays an error.
 */
function refusalOf(error: unknown): OperationErrorModel | null {
  if (error instanceof BadUserInputError) {
    const field = error.extensions.field;
    return {
      // Named as the response's errors named it before 2.0.0 (format-error.ts): ' (field)' for the developer.
      message: typeof field === 'string' ? namingField(error.message, field) : error.message,
      code: 'BAD_USER_INPUT',
      extendedCode: null,
      field: typeof field === 'string' ? field : null,
    };
  }
  if (error instanceof GraphQLError && error.extensions.code === 'STORE_UNAVAILABLE') {
    return { message: error.message, code: 'STORE_UNAVAILABLE', extendedCode: null };
  }
  return null;
}

/**
 * Wraps every root mutation field of `schema`, in place, so that a refusal its resolver throws (refusalOf) answers
 * the field's payload, FAILED, instead of an entry of `errors[]`. Applied under @auth (a missing permission stays
 * FORBIDDEN) and under the audit's and money moves' wrappers (they see a FAILED payload, nothing sent).
 */
export function answerRefusalsAsPayloads(schema: GraphQLSchema): GraphQLSchema {
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const resolve = field.resolve ?? defaultFieldResolver;
    const refused = (error: unknown) => {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return refusalPayload(field.type, 'FAILED', refusal);
    };
    field.resolve = (source, args, context, info) => {
      let result: unknown;
      try {
        result = resolve(source, args, context, info);
      } catch (error) {
        return refused(error);
      }
      return result instanceof Promise ? result.catch(refused) : result;
    };
  }
  return schema;
}

import { buildSchema, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { typeDefs } from '@backoffice/schema';
import {
  activityErrorCodeOf,
  bulkOutcome,
  errorCodeOf,
  fieldPath,
  requiredEmpties,
  serviceCodeOf,
} from '../operation-error.js';

// The one refusal model (schema 2.0.0): a code decided anywhere becomes one enum value per reason.
describe('errorCodeOf', () => {
  it('gives each reason one value, whichever spelling decided it (the gateway’s, 1.0.0’s or a service’s)', () => {
    const of = (code: string | null, extendedCode: string | null = null) =>
      errorCodeOf({ code, extendedCode });
    expect([of('not_found'), of('NOT_FOUND'), of('payment_not_found')]).toEqual([
      'NOT_FOUND',
      'NOT_FOUND',
      'NOT_FOUND',
    ]);
    expect([of('BAD_USER_INPUT'), of('validation_error'), of('bad_request')]).toEqual([
      'INVALID_INPUT',
      'INVALID_INPUT',
      'INVALID_INPUT',
    ]);
    expect([of('conflict'), of('invalid_status'), of('invalid_state')]).toEqual([
      'INVALID_STATE',
      'INVALID_STATE',
      'INVALID_STATE',
    ]);
    expect([of('RECORD_CHANGED'), of('VERSION_CONFLICT')]).toEqual(['VERSION_CONFLICT', 'VERSION_CONFLICT']);
    expect([of('rejected'), of('partial')]).toEqual(['REFUND_REJECTED', 'REFUND_PARTIAL']);
    expect(of('conflict', 'idempotency_key_reused')).toBe('IDEMPOTENCY_KEY_REUSED');
    expect([of('ACTION_NOT_ALLOWED'), of('MOVE_IN_PROGRESS'), of('GATEWAY_STOPPED')]).toEqual([
      'ACTION_NOT_ALLOWED',
      'MOVE_IN_PROGRESS',
      'GATEWAY_STOPPED',
    ]);
  });

  it('keeps the enum closed: a code it does not name is UPSTREAM_REFUSED, the service’s own kept beside it', () => {
    expect(errorCodeOf({ code: 'on_hold', extendedCode: 'payment_in_dispute_hold' })).toBe(
      'UPSTREAM_REFUSED',
    );
    expect(errorCodeOf({ code: 'NOT_DELETED' })).toBe('UPSTREAM_REFUSED');
    expect(errorCodeOf({ code: null })).toBe('UPSTREAM_REFUSED');
    expect(serviceCodeOf({ code: 'on_hold' })).toBe('on_hold');
    // What the gateway decided has no service code.
    expect(serviceCodeOf({ code: 'ACTION_NOT_ALLOWED' })).toBeNull();
    expect(serviceCodeOf({ code: null })).toBeNull();
  });

  it('answers only values the schema’s enum has', () => {
    const values = buildSchema(typeDefs).getType('OperationErrorCode') as GraphQLEnumType;
    const names = new Set(values.getValues().map((value) => value.name));
    for (const code of [
      'x',
      'not_found',
      'rejected',
      'BAD_USER_INPUT',
      'internal_error',
      'SERVER_RESTARTING',
    ])
      expect(names.has(errorCodeOf({ code }))).toBe(true);
  });
});

// ActivityEvent.code (schema 2.1.0): the activity's stored code as an enum, the request's own refusals included.
describe('activityErrorCodeOf', () => {
  it('reads the payload’s reasons as errorCodeOf does, and the request’s own refusals apart', () => {
    expect(
      ['VERSION_CONFLICT', 'invalid_status', 'FORBIDDEN', 'UPSTREAM_TIMEOUT', 'on_hold'].map(
        activityErrorCodeOf,
      ),
    ).toEqual(['VERSION_CONFLICT', 'INVALID_STATE', 'FORBIDDEN', 'UPSTREAM_TIMEOUT', 'UPSTREAM_REFUSED']);
    expect(
      [
        'NOT_EXECUTED',
        'UNAUTHENTICATED',
        'GRAPHQL_VALIDATION_FAILED',
        'BAD_REQUEST',
        'INTERNAL_SERVER_ERROR',
      ].map(activityErrorCodeOf),
    ).toEqual(['NOT_EXECUTED', 'UNAUTHENTICATED', 'REQUEST_REFUSED', 'REQUEST_REFUSED', 'INTERNAL_ERROR']);
    expect([activityErrorCodeOf(null), activityErrorCodeOf('')]).toEqual([null, null]);
    const values = buildSchema(typeDefs).getType('ActivityErrorCode') as GraphQLEnumType;
    const names = new Set(values.getValues().map((value) => value.name));
    for (const code of ['x', 'NOT_EXECUTED', 'BAD_USER_INPUT', 'SERVER_RESTARTING', 'rejected'])
      expect(names.has(activityErrorCodeOf(code)!)).toBe(true);
    // Every reason of a payload is one of the activity's too.
    const payload = buildSchema(typeDefs).getType('OperationErrorCode') as GraphQLEnumType;
    expect(payload.getValues().filter((value) => !names.has(value.name))).toEqual([]);
  });
});

describe('the parts of a payload', () => {
  it('names an input error’s argument as a path', () => {
    expect(fieldPath('matching.expectedCount')).toEqual(['matching', 'expectedCount']);
    expect(fieldPath('ids[3]')).toEqual(['ids', '3']);
    expect(fieldPath('input.holder.identification.number')).toEqual([
      'input',
      'holder',
      'identification',
      'number',
    ]);
    expect(fieldPath(null)).toBeNull();
  });

  it('makes a bulk’s outcome of its items: SUCCESS when all are, UNKNOWN when any is, else FAILED', () => {
    const items = (...outcomes: Array<'SUCCESS' | 'FAILED' | 'UNKNOWN'>) =>
      outcomes.map((outcome) => ({ outcome }));
    expect(bulkOutcome(items('SUCCESS', 'SUCCESS'))).toBe('SUCCESS');
    expect(bulkOutcome(items('SUCCESS', 'FAILED', 'UNKNOWN'))).toBe('UNKNOWN');
    expect(bulkOutcome(items('SUCCESS', 'FAILED'))).toBe('FAILED');
  });

  it('fills a refusal’s required fields empty: lists and counts', () => {
    const schema = buildSchema(typeDefs);
    const field = (name: string) => schema.getMutationType()!.getFields()[name]!.type;
    expect(requiredEmpties(field('bulkCancelPayments'))).toEqual({ results: [] });
    expect(requiredEmpties(field('deletePayerReference'))).toEqual({ deleted: 0 });
    expect(requiredEmpties(field('cancelPayment'))).toEqual({});
  });
});

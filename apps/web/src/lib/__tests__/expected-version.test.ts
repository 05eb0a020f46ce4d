import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { withExpectedVersion } from '../expected-version';

const TAKES_IT = parse(
  'mutation Cancel($id: ID!, $expectedVersion: Int) { cancelPayment(id: $id, reason: "x", expectedVersion: $expectedVersion) { outcome } }',
);
const DOES_NOT = parse('mutation Refresh($id: ID!) { refreshPayment(id: $id) { outcome } }');

describe('withExpectedVersion (issue 45)', () => {
  it('sends the version of the record shown to a mutation that declares $expectedVersion', () => {
    expect(withExpectedVersion(TAKES_IT, { id: '1' }, { id: '1', version: 3 })).toEqual({
      id: '1',
      expectedVersion: 3,
    });
  });

  it('leaves the variables as they are for a mutation without it, a record without a version, or a chosen one', () => {
    const variables = { id: '1' };
    expect(withExpectedVersion(DOES_NOT, variables, { version: 3 })).toBe(variables);
    expect(withExpectedVersion(TAKES_IT, variables, { version: null })).toBe(variables);
    expect(withExpectedVersion(TAKES_IT, variables, null)).toBe(variables);
    expect(withExpectedVersion(TAKES_IT, { id: '1', expectedVersion: 2 }, { version: 3 })).toEqual({
      id: '1',
      expectedVersion: 2,
    });
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { typeDefs } from '@backoffice/schema';
import { Kind, parse, visit } from 'graphql';
import { describe, expect, it } from 'vitest';
import { withExpectedVersion } from '../expected-version';

const TAKES_IT = parse(
  'mutation Cancel($id: ID!, $expectedVersion: Int) { cancelPayment(id: $id, reason: "x", expectedVersion: $expectedVersion) { outcome } }',
);
const DOES_NOT = parse('mutation Refresh($id: ID!) { refreshPayment(id: $id) { outcome } }');

describe('withExpectedVersion', () => {
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

const FEATURES = new URL('../../features/', import.meta.url).pathname;

/** The mutations whose schema field takes `expectedVersion`. */
function mutationsTakingIt(): Set<string> {
  const names = new Set<string>();
  for (const definition of parse(typeDefs).definitions) {
    if (
      (definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.OBJECT_TYPE_EXTENSION) &&
      definition.name.value === 'Mutation'
    ) {
      for (const field of definition.fields ?? []) {
        if (field.arguments?.some((argument) => argument.name.value === 'expectedVersion')) {
          names.add(field.name.value);
        }
      }
    }
  }
  return names;
}

/**
 * `document: field` for each call, in the web's action documents, of such a mutation without `expectedVersion`.
 * A list's row actions (`*-list-actions.graphql`) act on the row as listed and send no version: not compared.
 */
function callsWithoutIt(takingIt: Set<string>): string[] {
  const missing: string[] = [];
  const files = readdirSync(FEATURES, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.graphql') && !file.endsWith('-list-actions.graphql'),
  );
  for (const file of files) {
    visit(parse(readFileSync(join(FEATURES, file), 'utf8')), {
      Field(field) {
        if (!takingIt.has(field.name.value)) return;
        const passed = field.arguments?.find((argument) => argument.name.value === 'expectedVersion');
        if (passed?.value.kind !== Kind.VARIABLE || passed.value.name.value !== 'expectedVersion') {
          missing.push(`${file}: ${field.name.value}`);
        }
      },
    });
  }
  return missing;
}

describe("the web's action documents", () => {
  it('pass $expectedVersion to every mutation that takes it, so the detail sends the version shown', () => {
    const takingIt = mutationsTakingIt();
    // The single-record actions of the payment and subscription details (a distribution has no version).
    for (const name of ['retryPayment', 'refundPayment', 'partialRefundPayment', 'reversePayment']) {
      expect(takingIt).toContain(name);
    }
    for (const name of ['cancelSubscription', 'updateSubscriptionAmount', 'sendSubscriptionEmail']) {
      expect(takingIt).toContain(name);
    }
    expect(callsWithoutIt(takingIt)).toEqual([]);
  });
});

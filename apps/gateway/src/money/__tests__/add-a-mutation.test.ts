import { readFileSync } from 'node:fs';
import type { GraphQLField, GraphQLResolveInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { listFieldPermissions } from '../../auth/auth-directive.js';
import { isPreferenceMutation } from '../../audit/audit-plugin.js';
import type { GatewayContext } from '../../gateway-context.js';
import { MUTATION_AREAS } from '../../modules.js';
import { buildSchema } from '../../schema.js';
import { emptyMoveSlot } from '../scope.js';

/**
 * The checklist "Adding a mutation" of docs/architecture.md, held for every root mutation of the served schema: a
 * mutation missing a step is named with the step it misses.
 */
const schema = buildSchema();
const mutations = Object.values(schema.getMutationType()!.getFields());
const permissions = new Map(
  listFieldPermissions(schema)
    .filter((f) => f.typeName === schema.getMutationType()!.name)
    .map((f) => [f.fieldName, f.requirements]),
);

/** Stops a field's run at the pipeline: it asked for the field's intent, and nothing else runs. */
class AskedForIntent extends Error {}

/** Whether the field's resolver, as served, goes through the money pipeline (it asks the request's policy first). */
function goesThroughPipeline(field: GraphQLField<unknown, GatewayContext>): boolean {
  const asked: string[] = [];
  const everything = [...new Set([...permissions.values()].flat(2))];
  const ctx = {
    user: { username: 'checklist', permissions: everything, token: '' },
    money: {
      intentOf: (fieldName: string) => {
        asked.push(fieldName);
        throw new AskedForIntent();
      },
    },
    moveSlot: emptyMoveSlot(),
    moveMarks: new Map(),
  } as unknown as GatewayContext;
  try {
    void field.resolve?.(null, {}, ctx, { path: { key: field.name } } as GraphQLResolveInfo);
  } catch (error) {
    if (!(error instanceof AskedForIntent)) return false;
  }
  return asked.includes(field.name);
}

const STEPS: Record<string, (field: GraphQLField<unknown, GatewayContext>) => boolean> = {
  // 1. Who may run it, in the contract.
  '@auth': (field) => (permissions.get(field.name)?.length ?? 0) > 0,
  // 2. Its area, for the activity, the live events and the streams' permissions.
  area: (field) => typeof MUTATION_AREAS[field.name] === 'string',
  // 3. A key per operator intent, required.
  idempotencyKey: (field) =>
    isPreferenceMutation(field.name) ||
    field.args.some((arg) => arg.name === 'idempotencyKey' && String(arg.type) === 'String!'),
  // 4. Run as a money move by the pipeline, inside @auth (schema.ts).
  pipeline: goesThroughPipeline,
};

describe('adding a mutation (docs/architecture.md)', () => {
  it('every root mutation takes every step of the checklist', () => {
    const missing = mutations.flatMap((field) =>
      Object.entries(STEPS)
        .filter(([, holds]) => !holds(field as GraphQLField<unknown, GatewayContext>))
        .map(([step]) => `${field.name}: ${step}`),
    );
    expect(missing).toEqual([]);
    expect(mutations.length).toBeGreaterThan(40);
  });

  it('names a mutation that misses a step, by the step', () => {
    const bare = { ...mutations.find((field) => field.name === 'cancelPayment')!, name: 'cancelSomething' };
    bare.resolve = () => null;
    bare.args = bare.args.filter((arg) => arg.name !== 'idempotencyKey');
    const failed = Object.entries(STEPS)
      .filter(([, holds]) => !holds(bare as GraphQLField<unknown, GatewayContext>))
      .map(([step]) => step);
    expect(failed).toEqual(['@auth', 'area', 'idempotencyKey', 'pipeline']);
  });

  it("is the checklist the architecture's map writes down, step by step", () => {
    const map = readFileSync(new URL('../../../../../docs/architecture.md', import.meta.url), 'utf8');
    const checklist = map.slice(map.indexOf('### Adding a mutation'));
    for (const step of Object.keys(STEPS)) expect(checklist).toContain(`**${step}**`);
  });
});

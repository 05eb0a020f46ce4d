import { makeExecutableSchema } from '@graphql-tools/schema';
import { graphql } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { buildBaseSchema, buildSchema } from '../../schema.js';
import { applyAuthDirective, listFieldPermissions, meetsRequirements } from '../auth-directive.js';
import { PUBLIC_ROOT_FIELDS } from '../public-fields.js';

/** Query fields anyone signed in may call, each with the reason it was allowed (auth/public-fields.ts). */
const PUBLIC_QUERY_FIELDS = Object.keys(PUBLIC_ROOT_FIELDS)
  .filter((coordinate) => coordinate.startsWith('Query.'))
  .map((coordinate) => coordinate.slice('Query.'.length));

describe('@auth coverage of the real schema', () => {
  const fields = listFieldPermissions(buildSchema());

  it('protects every mutation', () => {
    const mutations = fields.filter((f) => f.typeName === 'Mutation');
    expect(mutations.length).toBeGreaterThan(0);
    const unprotected = mutations.filter((f) => f.requirements.length === 0).map((f) => f.coordinate);
    expect(unprotected).toEqual([]);
  });

  it('protects every query except the allowlist', () => {
    const unprotected = fields
      .filter((f) => f.typeName === 'Query' && f.requirements.length === 0)
      .map((f) => f.fieldName)
      .sort();
    expect(unprotected.filter((name) => !PUBLIC_QUERY_FIELDS.includes(name))).toEqual([]);
  });

  it('names only real permissions', async () => {
    const { PERMISSIONS } = await import('@backoffice/schema');
    for (const field of fields)
      for (const group of field.requirements) for (const p of group) expect(PERMISSIONS).toContain(p);
  });

  it('lists a mutation with its permission', () => {
    expect(fields.find((f) => f.coordinate === 'Mutation.cancelPayment')?.requirements).toEqual([
      ['PAYMENT_CANCEL'],
    ]);
  });

  it('keeps the directive definitions after wrapping', () => {
    expect(listFieldPermissions(buildBaseSchema())).toEqual(fields);
  });
});

describe('@auth at run time', () => {
  const typeDefs = /* GraphQL */ `
    enum Permission {
      A
      B
      C
    }
    directive @auth(requires: [Permission!]!) on FIELD_DEFINITION | OBJECT
    type Query {
      open: String
      guarded: String @auth(requires: [A, B])
      secret: Secret
    }
    type Secret @auth(requires: [C]) {
      value: String
      extra: String @auth(requires: [A])
    }
  `;

  const setup = () => {
    const guarded = vi.fn(() => 'guarded!');
    const value = vi.fn(() => 'value!');
    const extra = vi.fn(() => 'extra!');
    const schema = applyAuthDirective(
      makeExecutableSchema({
        typeDefs,
        resolvers: {
          Query: { open: () => 'open!', guarded, secret: () => ({}) },
          Secret: { value, extra },
        },
      }),
    );
    const run = (source: string, permissions: string[] | null) =>
      graphql({ schema, source, contextValue: permissions ? { user: { permissions } } : {} });
    return { run, guarded, value, extra };
  };

  it('lets a holder of ANY listed permission through', async () => {
    const { run, guarded } = setup();
    expect((await run('{ guarded }', ['B'])).data).toEqual({ guarded: 'guarded!' });
    expect(guarded).toHaveBeenCalledTimes(1);
  });

  it('refuses with FORBIDDEN in Spanish and never calls the resolver', async () => {
    const { run, guarded } = setup();
    const result = await run('{ open guarded }', ['C']);
    expect(result.data).toEqual({ open: 'open!', guarded: null });
    expect(result.errors?.[0]?.message).toBe('No tiene permisos para realizar esta acción.');
    expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(guarded).not.toHaveBeenCalled();
  });

  it('applies a type-level @auth to every field of the type, together with field-level ones', async () => {
    const { run, value, extra } = setup();
    let result = await run('{ secret { value extra } }', ['A']);
    expect(result.data).toEqual({ secret: { value: null, extra: null } });
    expect(value).not.toHaveBeenCalled();
    expect(extra).not.toHaveBeenCalled();
    result = await run('{ secret { value extra } }', ['C']);
    expect(result.data).toEqual({ secret: { value: 'value!', extra: null } });
    expect(extra).not.toHaveBeenCalled();
    result = await run('{ secret { value extra } }', ['A', 'C']);
    expect(result.data).toEqual({ secret: { value: 'value!', extra: 'extra!' } });
  });

  it('refuses root fields without a signed-in user', async () => {
    const { run } = setup();
    const result = await run('{ open }', null);
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('combines requirement groups with AND, each group with OR', () => {
    expect(meetsRequirements([], [])).toBe(true);
    expect(meetsRequirements(['A'], [['A', 'B']])).toBe(true);
    expect(meetsRequirements(['A'], [['C'], ['A']])).toBe(false);
    expect(meetsRequirements(['A', 'C'], [['C'], ['A', 'B']])).toBe(true);
  });
});

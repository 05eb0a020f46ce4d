import { PERMISSIONS, typeDefs } from '@backoffice/schema';
import { classifySearchText, SEARCH_GROUPS_BY_SHAPE, type SearchLookupShape } from '@backoffice/validators';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { Permission } from '../../../generated/resolvers-types.js';
import { PAYMENT_AREA_PERMISSIONS, SEARCH_GROUPS } from '../search.groups.js';
import { SEARCH_MAX_CALLS, searchPlan } from '../search.plan.js';

const everyPermission = (): Permission[] => PERMISSIONS as Permission[];

const kindsFor = (text: string, permissions: readonly Permission[]) =>
  searchPlan(classifySearchText(text), permissions).map((group) => group.kind);

describe('searchPlan: the groups a search asks, one upstream call each', () => {
  const admin = everyPermission();

  it('an id asks every id group the user may see', () => {
    expect(kindsFor('1000001', admin)).toEqual([
      'PAYMENT',
      'SUBSCRIPTION',
      'PAYER',
      'COLLECTOR',
      'IMPORT',
      'WITHDRAWAL',
      'BATCH',
      'DISTRIBUTION',
      'PRESENTATION',
    ]);
  });

  it('an e-mail asks payers; a CUIT payers and transfers; a CBU batches; a name collectors and payers', () => {
    expect(kindsFor('maria@example.com', admin)).toEqual(['PAYER']);
    expect(kindsFor('20-28456789-8', admin)).toEqual(['PAYER', 'TRANSFER']);
    expect(kindsFor('3865241774263549653169', admin)).toEqual(['BATCH']);
    expect(kindsFor('Club Atlético', admin)).toEqual(['PAYER', 'COLLECTOR']);
  });

  it('an empty or invalid text asks nothing', () => {
    expect(kindsFor('', admin)).toEqual([]);
    expect(kindsFor('20-28456789-0', admin)).toEqual([]);
    expect(kindsFor('ab', admin)).toEqual([]);
  });

  it('a group the user may not open is not asked', () => {
    const treasury: Permission[] = [
      'TRANSFER_SHOW',
      'WITHDRAWAL_SEARCH',
      'BATCH_WITHDRAW_SHOW',
      'IMPORT_REQUEST',
    ];
    expect(kindsFor('1000001', treasury)).toEqual(['IMPORT', 'WITHDRAWAL', 'BATCH']);
    expect(kindsFor('20284567898', treasury)).toEqual(['TRANSFER']);
    expect(kindsFor('1000001', ['PAYMENT_CANCEL'])).toEqual(['PAYMENT']);
    expect(kindsFor('1000001', [])).toEqual([]);
    for (const permission of PAYMENT_AREA_PERMISSIONS)
      expect(kindsFor('1', [permission])).toContain('PAYMENT');
  });

  it("never asks more than Query.search's @upstream(calls:), the budget the gateway charges it", () => {
    const field = buildSchema(typeDefs).getQueryType()!.getFields().search!;
    const directive = field.astNode!.directives!.find((d) => d.name.value === 'upstream')!;
    const calls = directive.arguments!.find((a) => a.name.value === 'calls')!.value;
    expect(calls).toMatchObject({ value: String(SEARCH_MAX_CALLS) });
    for (const text of ['1', 'a@b.co', '20284567898', '3865241774263549653169', 'Club']) {
      expect(searchPlan(classifySearchText(text), admin).length).toBeLessThanOrEqual(SEARCH_MAX_CALLS);
    }
  });

  it("answers each shape with the groups the web asks ahead of the plan (validators' SEARCH_GROUPS_BY_SHAPE)", () => {
    for (const [shape, scopes] of Object.entries(SEARCH_GROUPS_BY_SHAPE)) {
      const answering = SEARCH_GROUPS.filter((group) => group.lookups[shape as SearchLookupShape]);
      expect(answering.map((group) => group.kind.toLowerCase())).toEqual(scopes);
    }
  });
});

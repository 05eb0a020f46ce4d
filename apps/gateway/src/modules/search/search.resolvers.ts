import type { Resolvers, SearchGroup, SearchTextKind } from '../../generated/resolvers-types.js';
import type { GatewayContext } from '../../gateway-context.js';
import type { SearchGroupDefinition } from './search.groups.js';
import { scopedSearchPlan } from './search.plan.js';

/** The plan of `text` for the signed-in user, with the SDL's text kind. */
function planFor(text: string, ctx: GatewayContext) {
  const { shape, groups } = scopedSearchPlan(text, ctx.user.permissions);
  const kind = shape.kind.toUpperCase() as SearchTextKind;
  const value = shape.kind === 'empty' || shape.kind === 'invalid' ? null : shape.value;
  const message = shape.kind === 'invalid' ? shape.message : null;
  return { shape, groups, kind, value, message };
}

/** One group asked: its hits and total, or `available: false` (logged) when its call fails. */
async function askGroup(
  ctx: GatewayContext,
  group: SearchGroupDefinition,
  lookupKind: keyof SearchGroupDefinition['lookups'],
  value: string,
): Promise<SearchGroup> {
  const lookup = group.lookups[lookupKind]!;
  try {
    const { hits, total } = await lookup(ctx, value);
    return { kind: group.kind, label: group.label, available: true, hits, total };
  } catch (error) {
    ctx.logger.warn('search group unavailable', {
      group: group.kind,
      error: error instanceof Error ? error.message : String(error),
    });
    return { kind: group.kind, label: group.label, available: false, hits: [], total: 0 };
  }
}

/**
 * Query.search: the text classified (@backoffice/validators, a group's word or '#' before it understood), then every
 * group the user may see that answers its shape asked at once (Promise.all: the answer takes its slowest call), or
 * only `group`. A group whose call fails is `available: false`, never an empty group nor a failed query.
 * Query.searchPlan: the same plan, nothing asked; the dialog asks each group on its own.
 */
export const searchResolvers: Resolvers = {
  Query: {
    async search(_root, { text, group: only }, ctx) {
      const { shape, groups, kind, value, message } = planFor(text, ctx);
      if (shape.kind === 'empty' || shape.kind === 'invalid') return { kind, value, message, groups: [] };
      const asked = only ? groups.filter((group) => group.kind === only) : groups;
      const lookupKind = shape.kind;
      const answers = await Promise.all(asked.map((group) => askGroup(ctx, group, lookupKind, shape.value)));
      return { kind, value, message, groups: answers };
    },
    searchPlan(_root, { text }, ctx) {
      const { groups, kind, value, message } = planFor(text, ctx);
      return {
        kind,
        value,
        message,
        groups: groups.map(({ kind: groupKind, label }) => ({ kind: groupKind, label })),
      };
    },
  },
};

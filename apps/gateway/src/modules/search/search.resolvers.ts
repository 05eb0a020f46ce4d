import { classifySearchText } from '@backoffice/validators';
import type { Resolvers, SearchGroup, SearchTextKind } from '../../generated/resolvers-types.js';
import { searchPlan } from './search.plan.js';

/**
 * Query.search: the text classified (@backoffice/validators), then every group the user may see that answers its
 * shape asked at once (Promise.all: the answer takes its slowest call). A group whose call fails is `available:
 * false` (logged), never an empty group nor a failed query.
 */
export const searchResolvers: Resolvers = {
  Query: {
    async search(_root, { text }, ctx) {
      const shape = classifySearchText(text);
      const kind = shape.kind.toUpperCase() as SearchTextKind;
      if (shape.kind === 'empty') return { kind, value: null, message: null, groups: [] };
      if (shape.kind === 'invalid') return { kind, value: null, message: shape.message, groups: [] };
      const lookupKind = shape.kind;
      const groups = await Promise.all(
        searchPlan(shape, ctx.user.permissions).map(async (group): Promise<SearchGroup> => {
          const lookup = group.lookups[lookupKind]!;
          try {
            const hits = await lookup(ctx, shape.value);
            return { kind: group.kind, label: group.label, available: true, hits };
          } catch (error) {
            ctx.logger.warn('search group unavailable', {
              group: group.kind,
              error: error instanceof Error ? error.message : String(error),
            });
            return { kind: group.kind, label: group.label, available: false, hits: [] };
          }
        }),
      );
      return { kind, value: shape.value, message: null, groups };
    },
  },
};

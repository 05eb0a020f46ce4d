import { planSearchText, type SearchGroupScope, type SearchTextShape } from '@backoffice/validators';
import type { Permission } from '../../generated/resolvers-types.js';
import { hasAnyPermission } from '../../auth/permissions.js';
import { SEARCH_GROUPS, type LookupKind, type SearchGroupDefinition } from './search.groups.js';

/** Most upstream calls one search makes (an id, every group allowed): the `@upstream(calls:)` of Query.search. */
export const SEARCH_MAX_CALLS = 9;

/**
 * The groups a search asks, in order: those answering the text's shape that the user may see. Nothing for an empty
 * or invalid text; each group is one upstream call.
 */
export function searchPlan(
  shape: SearchTextShape,
  permissions: readonly Permission[],
  groups: readonly SearchGroupDefinition[] = SEARCH_GROUPS,
): SearchGroupDefinition[] {
  if (shape.kind === 'empty' || shape.kind === 'invalid') return [];
  const kind: LookupKind = shape.kind;
  return groups.filter((group) => group.lookups[kind] && hasAnyPermission(permissions, group.requires));
}

/** A text's plan: what it was recognised as (after its scope) and the groups asked for it. */
export interface ScopedSearchPlan {
  shape: SearchTextShape;
  groups: SearchGroupDefinition[];
}

/**
 * The plan of a text that may name where to look (`planSearchText` of @backoffice/validators, which the
 * web reads too): '#1000001' asks every id group, 'pago 1000001' only the payments (when the user may see them), 'Pago
 * Fácil' (a word its group cannot answer) is searched whole.
 */
export function scopedSearchPlan(
  text: string,
  permissions: readonly Permission[],
  groups: readonly SearchGroupDefinition[] = SEARCH_GROUPS,
): ScopedSearchPlan {
  const { shape, groups: scopes } = planSearchText(text);
  const named = groups.filter((group) => scopes.includes(group.kind.toLowerCase() as SearchGroupScope));
  return { shape, groups: searchPlan(shape, permissions, named) };
}

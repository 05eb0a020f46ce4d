import { useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { planSearchText } from '@backoffice/validators';
import {
  SearchGroupDocument,
  SearchPlanDocument,
  type SearchGroupKind,
  type SearchPlanQuery,
} from '../gql/graphql';
import type { SearchHitOf } from './search-paths';

export type SearchPlanOf = SearchPlanQuery['searchPlan'];

/** One group of the dialog, as its own request stands. */
export interface GroupView {
  kind: SearchGroupKind;
  label: string;
  /** 'loading' until its service answers; 'unavailable' when it failed (or its request did). */
  state: 'loading' | 'answered' | 'unavailable';
  hits: SearchHitOf[];
  total: number;
  /** The hits shown are an earlier text's, kept (dimmed) until this one answers. */
  stale: boolean;
}

export interface GroupedSearch {
  /** The text the groups are being (or were) asked for; '' before any. */
  text: string;
  /** The plan of `text`; null while it is asked. */
  plan: SearchPlanOf | null;
  groups: GroupView[];
  /** The plan could not be asked. */
  failed: boolean;
}

const NONE: GroupedSearch = { text: '', plan: null, groups: [], failed: false };

/**
 * Buscar en el back-office, group by group (docs/decisions.md, "Global search and keyboard"): one request per group
 * (Query.search with its group), each shown as soon as it answers, so a slow service holds back only its own group;
 * beside them the plan (Query.searchPlan, no upstream call) says which of them the user may open, their names and
 * order. While a new text is asked, the groups keep the last text's hits, marked stale. Answers of an earlier text are
 * dropped. Never cached: a search always asks again.
 */
export function useGroupedSearch(text: string): GroupedSearch {
  const client = useApolloClient();
  const [state, setState] = useState<GroupedSearch>(NONE);
  const generation = useRef(0);

  useEffect(() => {
    generation.current += 1;
    const mine = generation.current;
    const current = () => generation.current === mine;
    if (!text) {
      setState(NONE);
      return;
    }
    // Until the plan is in, every group shown is the last text's.
    setState((previous) => ({
      ...previous,
      text,
      plan: null,
      failed: false,
      groups: previous.groups.map((group) => ({ ...group, stale: true })),
    }));
    // Answers that come before the plan wait here for it.
    const early = new Map<SearchGroupKind, Partial<GroupView>>();
    let planned = false;
    const answer = (kind: SearchGroupKind, update: Partial<GroupView>) => {
      if (!current()) return;
      if (!planned) {
        early.set(kind, update);
        return;
      }
      setState((previous) => ({
        ...previous,
        groups: previous.groups.map((group) =>
          group.kind === kind ? { ...group, ...update, stale: false } : group,
        ),
      }));
    };
    // The groups that answer the text's shape are asked with the plan, not after it: one round trip, not two. A
    // group the user may not open is answered empty by the gateway, with no call, and is not in the plan.
    for (const scope of planSearchText(text).groups) {
      const kind = scope.toUpperCase() as SearchGroupKind;
      client
        .query({ query: SearchGroupDocument, variables: { text, group: kind }, fetchPolicy: 'no-cache' })
        .then(({ data }) => {
          const group = data?.search?.groups[0];
          answer(
            kind,
            group
              ? { state: group.available ? 'answered' : 'unavailable', hits: group.hits, total: group.total }
              : { state: 'answered', hits: [], total: 0 },
          );
        })
        .catch(() => answer(kind, { state: 'unavailable', hits: [], total: 0 }));
    }
    client
      .query({ query: SearchPlanDocument, variables: { text }, fetchPolicy: 'no-cache' })
      .then(({ data }) => {
        if (!current() || !data) return;
        planned = true;
        const plan = data.searchPlan;
        // A plan answered null (refused or failed upstream) is a failed search, as a thrown query is.
        if (!plan) throw new Error('searchPlan');
        setState((previous) => ({
          text,
          plan,
          failed: false,
          groups: plan.groups.map(({ kind, label }): GroupView => {
            const came = early.get(kind);
            if (came) return { kind, label, state: 'answered', hits: [], total: 0, ...came, stale: false };
            const kept = previous.groups.find((group) => group.kind === kind);
            const hits = kept?.hits ?? [];
            return { kind, label, state: 'loading', hits, total: kept?.total ?? 0, stale: hits.length > 0 };
          }),
        }));
      })
      .catch(() => {
        if (current()) setState({ ...NONE, text, failed: true });
      });
    return () => {
      generation.current += 1;
    };
  }, [client, text]);

  return state;
}

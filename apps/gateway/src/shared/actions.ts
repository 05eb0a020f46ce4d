/**
 * Actions as data (ARCHITECTURE §2, spec 000 §4): each area declares one table of its action kinds — the
 * permission each needs, which kinds stay available on a previous version, and the state rule — and gets
 * `decide` (one action, used by every mutation before it writes) and `list` (the `actions` field of the
 * document: a button per kind, its reason as the tooltip when disabled, hidden when not permitted).
 * The order is fixed: permission first (so the reason says what the user can do about it), then version,
 * then the document's state.
 */
import { hasAnyPermission } from '../auth/permissions.js';

export interface ActionDecision {
  enabled: boolean;
  /** False when the user lacks the permission the action needs. */
  permitted: boolean;
  /** Spanish tooltip when disabled; null when enabled. */
  reason: string | null;
}

/** The GraphQL `ActionState` (base.graphql) of one kind. */
export interface ActionState<Kind extends string> extends ActionDecision {
  kind: Kind;
}

/** The permissions an action needs (any of them) and the Spanish reason when the user holds none. */
export interface ActionPermission {
  requires: readonly string[];
  reason: string;
}

export interface ActionTable<Kind extends string, Doc> {
  /** Every kind, in the order the toolbar shows them. */
  kinds: readonly Kind[];
  /** null: no permission needed. */
  permissions: Readonly<Record<Kind, ActionPermission | null>>;
  /** Kinds offered on a previous version too (reads: reload, history…); every other kind needs the current one. */
  availableOnPreviousVersion: readonly Kind[];
  /** The reason of a kind refused because the document shown is a previous version. */
  previousVersionReason: string;
  isCurrentVersion: (doc: Doc) => boolean;
  /** The state part of the rule: null when allowed, else the Spanish reason. */
  stateReason: (kind: Kind, doc: Doc, now: Date) => string | null;
}

export interface Actions<Kind extends string, Doc> {
  readonly table: ActionTable<Kind, Doc>;
  decide(kind: Kind, doc: Doc, permissions: readonly string[], now?: Date): ActionDecision;
  /** Every kind's entry, or only those of `kinds` (in the table's order) when given: the others are not computed. */
  list(
    doc: Doc,
    permissions: readonly string[],
    now?: Date,
    kinds?: readonly Kind[] | null,
  ): ActionState<Kind>[];
}

/**
 * The permission part of every kind for one set of permissions: the denial (not permitted, with its reason) or
 * null. Computed once per permissions array (the verified token's, shared by every row of a page and every
 * request of a cached token) instead of once per kind per row.
 */
function permissionDenials<Kind extends string>(
  kinds: readonly Kind[],
  permissions: Readonly<Record<Kind, ActionPermission | null>>,
): (held: readonly string[]) => ReadonlyArray<string | null> {
  const cache = new WeakMap<readonly string[], ReadonlyArray<string | null>>();
  return (held) => {
    let denials = cache.get(held);
    if (!denials) {
      denials = kinds.map((kind) => {
        const needed = permissions[kind];
        return needed && !hasAnyPermission(held, needed.requires) ? needed.reason : null;
      });
      cache.set(held, denials);
    }
    return denials;
  };
}

export function defineActions<Kind extends string, Doc>(table: ActionTable<Kind, Doc>): Actions<Kind, Doc> {
  const onPrevious = new Set<Kind>(table.availableOnPreviousVersion);
  const denialsFor = permissionDenials(table.kinds, table.permissions);
  const indexOf = new Map(table.kinds.map((kind, i) => [kind, i]));
  const decide = (
    kind: Kind,
    doc: Doc,
    permissions: readonly string[],
    now: Date = new Date(),
  ): ActionDecision => {
    const needed = table.permissions[kind];
    const index = indexOf.get(kind);
    const denied =
      index !== undefined
        ? denialsFor(permissions)[index]
        : needed && !hasAnyPermission(permissions, needed.requires)
          ? needed.reason
          : null;
    if (denied) return { enabled: false, permitted: false, reason: denied };
    if (!onPrevious.has(kind) && !table.isCurrentVersion(doc)) {
      return { enabled: false, permitted: true, reason: table.previousVersionReason };
    }
    const reason = table.stateReason(kind, doc, now);
    return { enabled: reason === null, permitted: true, reason };
  };

  // A list's entries are few distinct values (kind, permitted, reason) repeated on every row of a page: each is
  // built once and shared (frozen, so no caller can change another row's entry).
  const interned = table.kinds.map(() => new Map<string | null, ActionState<Kind>>());
  const state = (index: number, permitted: boolean, reason: string | null): ActionState<Kind> => {
    const byReason = interned[index]!;
    const key = permitted ? reason : `\u0000${reason}`;
    let entry = byReason.get(key);
    if (!entry) {
      entry = Object.freeze({ kind: table.kinds[index]!, enabled: reason === null, permitted, reason });
      byReason.set(key, entry);
    }
    return entry;
  };
  const list = (
    doc: Doc,
    permissions: readonly string[],
    now: Date = new Date(),
    kinds?: readonly Kind[] | null,
  ): ActionState<Kind>[] => {
    const denials = denialsFor(permissions);
    const current = table.isCurrentVersion(doc);
    const entries: ActionState<Kind>[] = [];
    table.kinds.forEach((kind, i) => {
      // A list row asks for a few kinds: the state rules of the others are never run.
      if (kinds && !kinds.includes(kind)) return;
      const denied = denials[i];
      if (denied) entries.push(state(i, false, denied));
      else if (!current && !onPrevious.has(kind)) entries.push(state(i, true, table.previousVersionReason));
      else entries.push(state(i, true, table.stateReason(kind, doc, now)));
    });
    return entries;
  };
  return { table, decide, list };
}

/**
 * The `actions(kinds:)` argument: only the entries of those kinds, in the table's order; every entry when the
 * argument is absent. A list row asks for the few kinds its menu offers instead of the whole toolbar (Buscar
 * Pagos: 3 of 14 a row, 150 entries a page instead of 700).
 */
export function onlyKinds<Entry extends { kind: string }>(
  entries: Entry[],
  kinds: readonly string[] | null | undefined,
): Entry[] {
  return kinds ? entries.filter((entry) => kinds.includes(entry.kind)) : entries;
}

/**
 * The `actions` field resolver of a document type (the one way rows are presented, docs/decisions.md "Rows are
 * mapped models; what depends on the request is a field resolver"): the table's entries for this user, computed
 * only when the field is selected, only the `kinds` asked when the field takes that argument.
 */
export function actionsField<Kind extends string, Doc>(actions: Pick<Actions<Kind, Doc>, 'list'>) {
  return (
    doc: Doc,
    args: { kinds?: readonly Kind[] | null } | undefined,
    context: { user: { permissions: readonly string[] } },
  ): ActionState<Kind>[] =>
    onlyKinds(actions.list(doc, context.user.permissions, undefined, args?.kinds), args?.kinds);
}

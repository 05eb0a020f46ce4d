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
  list(doc: Doc, permissions: readonly string[], now?: Date): ActionState<Kind>[];
}

export function defineActions<Kind extends string, Doc>(table: ActionTable<Kind, Doc>): Actions<Kind, Doc> {
  const onPrevious = new Set<Kind>(table.availableOnPreviousVersion);
  const decide = (
    kind: Kind,
    doc: Doc,
    permissions: readonly string[],
    now: Date = new Date(),
  ): ActionDecision => {
    const needed = table.permissions[kind];
    if (needed && !hasAnyPermission(permissions, needed.requires)) {
      return { enabled: false, permitted: false, reason: needed.reason };
    }
    if (!onPrevious.has(kind) && !table.isCurrentVersion(doc)) {
      return { enabled: false, permitted: true, reason: table.previousVersionReason };
    }
    const reason = table.stateReason(kind, doc, now);
    return { enabled: reason === null, permitted: true, reason };
  };
  return {
    table,
    decide,
    list: (doc, permissions, now = new Date()) =>
      table.kinds.map((kind) => ({ kind, ...decide(kind, doc, permissions, now) })),
  };
}

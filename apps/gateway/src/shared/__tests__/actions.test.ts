import { describe, expect, it } from 'vitest';
import { actionsField, defineActions, onlyKinds } from '../actions.js';

type Kind = 'CANCEL' | 'RELOAD' | 'NOTE';
interface Doc {
  status: 'open' | 'closed';
  current: boolean;
}

const NOW = new Date('2026-01-15T12:00:00.000Z');

const actions = defineActions<Kind, Doc>({
  kinds: ['CANCEL', 'RELOAD', 'NOTE'],
  permissions: {
    CANCEL: { requires: ['THING_CANCEL', 'THING_ADMIN'], reason: 'No tiene permisos para cancelar.' },
    RELOAD: null,
    NOTE: { requires: ['THING_NOTE'], reason: 'No tiene permisos para anotar.' },
  },
  availableOnPreviousVersion: ['RELOAD'],
  previousVersionReason: 'Está viendo una versión anterior.',
  isCurrentVersion: (doc) => doc.current,
  stateReason: (kind, doc, now) => {
    if (kind === 'CANCEL') return doc.status === 'open' ? null : 'Solo se cancela lo abierto.';
    if (kind === 'NOTE') return now.getUTCFullYear() >= 2026 ? null : 'Todavía no.';
    return null;
  },
});

describe('defineActions', () => {
  it('allows an action when permission, version and state all hold', () => {
    expect(actions.decide('CANCEL', { status: 'open', current: true }, ['THING_CANCEL'], NOW)).toEqual({
      enabled: true,
      permitted: true,
      reason: null,
    });
  });

  it('accepts any one of the required permissions', () => {
    expect(actions.decide('CANCEL', { status: 'open', current: true }, ['THING_ADMIN'], NOW).enabled).toBe(
      true,
    );
  });

  it('checks the permission first: not permitted, with its reason, whatever the version and state', () => {
    expect(actions.decide('CANCEL', { status: 'closed', current: false }, [], NOW)).toEqual({
      enabled: false,
      permitted: false,
      reason: 'No tiene permisos para cancelar.',
    });
  });

  it('checks the version before the state', () => {
    expect(actions.decide('CANCEL', { status: 'closed', current: false }, ['THING_CANCEL'], NOW)).toEqual({
      enabled: false,
      permitted: true,
      reason: 'Está viendo una versión anterior.',
    });
  });

  it('offers the kinds listed for previous versions on a previous version', () => {
    expect(actions.decide('RELOAD', { status: 'closed', current: false }, [], NOW)).toEqual({
      enabled: true,
      permitted: true,
      reason: null,
    });
  });

  it('gives the state reason last', () => {
    expect(actions.decide('CANCEL', { status: 'closed', current: true }, ['THING_CANCEL'], NOW)).toEqual({
      enabled: false,
      permitted: true,
      reason: 'Solo se cancela lo abierto.',
    });
  });

  it('passes the time to the state rule', () => {
    const doc: Doc = { status: 'open', current: true };
    expect(actions.decide('NOTE', doc, ['THING_NOTE'], NOW).enabled).toBe(true);
    expect(actions.decide('NOTE', doc, ['THING_NOTE'], new Date('2025-12-31T00:00:00Z')).reason).toBe(
      'Todavía no.',
    );
  });

  it('lists every kind in table order with its decision', () => {
    expect(actions.list({ status: 'open', current: true }, ['THING_NOTE'], NOW)).toEqual([
      { kind: 'CANCEL', enabled: false, permitted: false, reason: 'No tiene permisos para cancelar.' },
      { kind: 'RELOAD', enabled: true, permitted: true, reason: null },
      { kind: 'NOTE', enabled: true, permitted: true, reason: null },
    ]);
  });
});

describe('onlyKinds', () => {
  const all = actions.list({ status: 'open', current: true }, ['THING_CANCEL', 'THING_NOTE'], NOW);

  it('keeps the entries of the kinds asked for, in the table order whatever the order asked', () => {
    expect(onlyKinds(all, ['NOTE', 'CANCEL']).map((entry) => entry.kind)).toEqual(['CANCEL', 'NOTE']);
    expect(onlyKinds(all, ['NOTE', 'CANCEL'])).toEqual([all[0], all[2]]);
  });

  it('keeps every entry without the argument and none for an empty one', () => {
    expect(onlyKinds(all, null)).toBe(all);
    expect(onlyKinds(all, undefined)).toBe(all);
    expect(onlyKinds(all, [])).toEqual([]);
  });
});

describe('actionsField', () => {
  const field = actionsField(actions);
  const doc: Doc = { status: 'closed', current: true };
  const context = { user: { permissions: ['THING_NOTE'] } };

  it("is the document's entries for the request's user, from the mapped model (the parent)", () => {
    expect(field(doc, {}, context).map(({ kind, enabled, permitted }) => [kind, enabled, permitted])).toEqual(
      [
        ['CANCEL', false, false],
        ['RELOAD', true, true],
        ['NOTE', true, true],
      ],
    );
  });

  it('only the kinds asked when the field takes `kinds`, every kind when it does not', () => {
    expect(field(doc, { kinds: ['NOTE'] }, context).map((entry) => entry.kind)).toEqual(['NOTE']);
    expect(field(doc, undefined, context)).toHaveLength(3);
  });
});

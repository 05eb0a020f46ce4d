import { describe, expect, it } from 'vitest';
import { busyText } from '../dialog-texts';
import { othersOf, PresenceGathering, TAB_SILENCE_MS } from '../presence';

const payment = (id: string, dialog: string | null = null) => ({ area: 'payments', id, dialog });

describe('PresenceGathering', () => {
  it('unites the tabs’ records, one entry each with any tab’s dialog, at most 20', () => {
    const gathering = new PresenceGathering(() => 0);
    expect(gathering.set('a', [payment('1'), payment('2')])).toBe(true);
    expect(gathering.set('b', [payment('2', 'refund')])).toBe(true);
    expect(gathering.set('b', [payment('2', 'refund')])).toBe(false);
    expect(gathering.union()).toEqual(expect.arrayContaining([payment('1'), payment('2', 'refund')]));
    expect(gathering.union()).toHaveLength(2);
    gathering.set(
      'c',
      Array.from({ length: 30 }, (_, i) => payment(`c${i}`)),
    );
    expect(gathering.union()).toHaveLength(20);
    expect(gathering.union()[0]).toEqual(payment('c0')); // the latest tab first
  });

  it('forgets a tab that said goodbye, or that went silent', () => {
    let now = 0;
    const gathering = new PresenceGathering(() => now);
    gathering.set('a', [payment('1')]);
    gathering.set('b', [payment('2')]);
    expect(gathering.drop('b')).toBe(true);
    expect(gathering.union()).toEqual([payment('1')]);
    now = TAB_SILENCE_MS - 1;
    expect(gathering.expire()).toBe(false);
    now = TAB_SILENCE_MS + 1;
    expect(gathering.expire()).toBe(true);
    expect(gathering.union()).toEqual([]);
  });
});

describe('othersOf', () => {
  it('leaves out the operator himself, one line per other operator with his dialog', () => {
    expect(
      othersOf(
        [
          { username: 'operador', dialog: null },
          { username: 'admin', dialog: null },
          { username: 'admin', dialog: 'refund' },
        ],
        'operador',
      ),
    ).toEqual([{ username: 'admin', dialog: 'refund' }]);
  });
});

describe('busyText', () => {
  it('says who is doing what on the record, in Spanish', () => {
    expect(busyText([{ username: 'admin', dialog: 'refund' }], 'payments')).toBe(
      'admin está reembolsando este pago',
    );
    expect(
      busyText(
        [
          { username: 'admin', dialog: 'cancel' },
          { username: 'juan', dialog: 'cancel' },
        ],
        'subscriptions',
      ),
    ).toBe('admin y juan están cancelando esta suscripción');
    expect(busyText([{ username: 'admin', dialog: 'otra-cosa' }], 'nuevo')).toBe(
      'admin está operando este registro',
    );
  });
});

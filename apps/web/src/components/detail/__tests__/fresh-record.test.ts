import { describe, expect, it } from 'vitest';
import { agoText, contentVersion, defaultVersionOf } from '../fresh-record';

describe('a record’s freshness', () => {
  it('compares the version, else the last update, else the whole record', () => {
    expect(defaultVersionOf({ version: 3, lastUpdateDate: 'x' })).toBe('v3');
    expect(defaultVersionOf({ lastUpdateDate: '2026-11-23T10:00:00Z' })).toBe('d2026-11-23T10:00:00Z');
    expect(defaultVersionOf({ status: 'A' })).not.toBe(defaultVersionOf({ status: 'B' }));
  });

  it('compares what a record says, but the fields named, when it has no version of its own', () => {
    const withdrawal = contentVersion('collector');
    const shown = { status: 'PENDING', version: '00004', collector: { balance: '10.00' } };
    expect(withdrawal({ ...shown, collector: { balance: '99.00' } })).toBe(withdrawal(shown));
    expect(withdrawal({ ...shown, status: 'AUTHORIZED' })).not.toBe(withdrawal(shown));
    // A batch's `version` is its file layout: the same layout with another status is another version.
    expect(contentVersion()({ ...shown, status: 'AUTHORIZED' })).not.toBe(contentVersion()(shown));
    expect(defaultVersionOf({ ...shown, status: 'AUTHORIZED' })).toBe(defaultVersionOf(shown));
  });

  it('says how long ago in Spanish: seconds, then minutes, then hours', () => {
    expect(agoText(0)).toBe('hace 0 s');
    expect(agoText(59)).toBe('hace 59 s');
    expect(agoText(125)).toBe('hace 2 min');
    expect(agoText(7300)).toBe('hace 2 h');
  });
});

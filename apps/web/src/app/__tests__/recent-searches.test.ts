import { describe, expect, it } from 'vitest';
import {
  addRecentRecord,
  readRecentRecords,
  recentRecordEntries,
  removeRecentRecord,
  RECENT_SEARCHES_MAX,
  type RecentRecord,
} from '../search/recent-searches';

const payment = (id: string): RecentRecord => ({
  kind: 'PAYMENT',
  id,
  title: `Pago ${id}`,
  detail: null,
  path: `/pago/${id}`,
});

describe('recent records', () => {
  it('keeps the newest first, each record once, at most 10', () => {
    let recent: RecentRecord[] = [];
    for (let i = 1; i <= 12; i += 1) recent = addRecentRecord(recent, payment(String(i)));
    expect(recent).toHaveLength(RECENT_SEARCHES_MAX);
    expect(recent[0]?.id).toBe('12');
    const again = addRecentRecord(recent, payment('5'));
    expect(again.map((r) => r.id).slice(0, 3)).toEqual(['5', '12', '11']);
    expect(again).toHaveLength(RECENT_SEARCHES_MAX);
    // The same id in another group is another record.
    expect(addRecentRecord([payment('1')], { ...payment('1'), kind: 'PAYER' })).toHaveLength(2);
  });

  it('removes one record', () => {
    expect(removeRecentRecord([payment('1'), payment('2')], payment('1'))).toEqual([payment('2')]);
  });

  it("reads a damaged preference, older versions' texts or an address outside the app as no history", () => {
    expect(readRecentRecords('x')).toEqual([]);
    expect(readRecentRecords(['1000001', 3, null])).toEqual([]);
    expect(
      readRecentRecords([
        payment('1'),
        { ...payment('2'), path: '//elsewhere' },
        { ...payment('3'), title: '' },
      ]),
    ).toEqual([payment('1')]);
  });

  it('keeps each record as its own entry, newest first, and reads an older list as it was', () => {
    const legacy = readRecentRecords([payment('2'), payment('1')]);
    const entries = recentRecordEntries(legacy);
    expect(Object.keys(entries)).toEqual(['PAYMENT:2', 'PAYMENT:1']);
    expect(readRecentRecords(entries).map((r) => r.id)).toEqual(['2', '1']);
    // Opened now: first; the entries another tab added meanwhile sort by when they were opened.
    const opened = addRecentRecord(readRecentRecords(entries), payment('3'));
    const mine = recentRecordEntries(opened);
    const theirs = recentRecordEntries([{ ...payment('4'), at: opened[0]!.at! + 1 }]);
    expect(readRecentRecords({ ...mine, ...theirs, bad: 'x' }).map((r) => r.id)).toEqual([
      '4',
      '3',
      '2',
      '1',
    ]);
    expect(readRecentRecords(mine)).toEqual(opened);
  });
});

import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { e2eDurations, longestFirst } from './support/longest-first';

/** The browser files' order: no browser here, only the sequencer's rule and its table. */
describe('longest browser files first', () => {
  const durations = { 'short.test.ts': 10, 'long.test.ts': 90, 'middle.test.ts': 40, 'tie.test.ts': 40 };
  const name = (file: string) => file;

  it('orders known files by duration, longest first, and keeps equal ones in the order they came', () => {
    expect(
      longestFirst(['short.test.ts', 'middle.test.ts', 'long.test.ts', 'tie.test.ts'], name, durations),
    ).toEqual(['long.test.ts', 'middle.test.ts', 'tie.test.ts', 'short.test.ts']);
  });

  it('runs a file the table does not know first (a new file may be the longest)', () => {
    expect(longestFirst(['short.test.ts', 'new.test.ts', 'long.test.ts'], name, durations)).toEqual([
      'new.test.ts',
      'long.test.ts',
      'short.test.ts',
    ]);
  });

  it("names only browser files that exist, with whole seconds (refresh it after a rename: 'npm run e2e:durations')", () => {
    const table = e2eDurations();
    expect(Object.keys(table).length).toBeGreaterThan(0);
    for (const [file, seconds] of Object.entries(table)) {
      expect(existsSync(new URL(file, import.meta.url)), file).toBe(true);
      expect(Number.isInteger(seconds) && seconds >= 0, file).toBe(true);
    }
  });
});

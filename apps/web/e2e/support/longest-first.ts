import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Browser files by their last known duration, longest first. Two workers share the files: vitest's own
 * order puts a file with no timing in its cache by size, and on a clean clone (CI) the short files of one long test
 * (argentine-time, list-search-key: 70-80 s each) came last and kept one worker busy while the other had nothing
 * left. The durations are `e2e/durations.json` (seconds, refreshed with `npm run e2e:durations --workspace
 * apps/web` after a whole browser run); a file it does not list runs first, as vitest runs an unknown file first.
 * Files of the other projects keep vitest's order.
 */
export function e2eDurations(): Record<string, number> {
  return JSON.parse(readFileSync(new URL('../durations.json', import.meta.url), 'utf8')) as Record<string, number>;
}

export function longestFirst<T>(files: readonly T[], fileName: (file: T) => string, durations: Record<string, number>): T[] {
  const unknownFirst = Number.POSITIVE_INFINITY;
  const weight = (file: T) => durations[fileName(file)] ?? unknownFirst;
  // Array.prototype.sort is stable: equal weights keep the order they came in.
  return [...files].sort((a, b) => weight(b) - weight(a));
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const browser = ordered.filter((file) => file.project.name === 'e2e');
    if (browser.length === 0) return ordered;
    const others = ordered.filter((file) => file.project.name !== 'e2e');
    return [...others, ...longestFirst(browser, (file) => basename(file.moduleId), e2eDurations())];
  }
}

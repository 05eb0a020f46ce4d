import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './manifests.js';

/**
 * A comment says why and docs/ states the present; the history lives in git and in docs/history/. An issue number in
 * a tracked file (the word issue or issues, then a number) is history: the text should name the thing and its reason
 * instead. The places that keep the record are allowed.
 */
const CITES_ISSUE = /\bissues? #?[0-9]{1,3}\b/i;

const HISTORY = ['docs/history/', 'bench/history.md', 'bench/results/'];

function allowed(path: string): boolean {
  return HISTORY.some((prefix) => (prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix));
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((path) => path !== '' && !allowed(path));
}

/** `path:line: text` for every line of a tracked text file that cites an issue number. */
function citations(): string[] {
  const found: string[] = [];
  for (const path of trackedFiles()) {
    const file = join(ROOT, path);
    if (!existsSync(file) || !statSync(file).isFile()) continue;
    const bytes = readFileSync(file);
    if (bytes.includes(0)) continue;
    bytes
      .toString('utf8')
      .split('\n')
      .forEach((line, index) => {
        if (CITES_ISSUE.test(line)) found.push(`${path}:${index + 1}: ${line.trim().slice(0, 160)}`);
      });
  }
  return found;
}

describe('history stays in git and docs/history/', () => {
  it('finds the phrasing it looks for', () => {
    const issue = 'issue';
    for (const text of [
      `(${issue} 47)`,
      `since ${issue} 33`,
      `${issue}s 61–63`,
      `${issue.toUpperCase()} #5`,
    ]) {
      expect(CITES_ISSUE.test(text), text).toBe(true);
    }
    for (const text of ['the issuer 47', `${issue}d 3 times`, `${issue} 1234`, 'tissue 5']) {
      expect(CITES_ISSUE.test(text), text).toBe(false);
    }
  });

  it('no tracked file outside the history cites an issue number', () => {
    expect(citations()).toEqual([]);
  });
});

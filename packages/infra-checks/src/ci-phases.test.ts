import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './manifests.js';

/**
 * .ci/run's phase table (.ci/phases.sh): each phase's wall time at the end of the run, also when a phase fails,
 * with the run's exit status kept. Run here on a tiny script that sources it as .ci/run does.
 */
function run(body: string) {
  const script = `source ${JSON.stringify(join(ROOT, '.ci/phases.sh'))}\ntrap 'phase_report $?' EXIT\nset -e\n${body}`;
  return spawnSync('bash', ['-c', script], { encoding: 'utf8' });
}

/** The table's rows after its header: [phase, seconds]. */
function rows(stdout: string): [string, number][] {
  const table = stdout.slice(stdout.indexOf('== wall time per phase')).split('\n').slice(2);
  return table
    .filter((line) => line.trim())
    .map((line) => {
      const match = /^(.*?)\s+(\d+\.\d)$/.exec(line);
      if (!match) throw new Error(`not a row of the table: ${line}`);
      return [match[1]!, Number(match[2])];
    });
}

describe('.ci/run phase times', () => {
  it("prints every phase's wall time and the total when the run succeeds", () => {
    const result = run('phase "first"\nsleep 0.2\nphase "second"\ntrue');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('== first\n== second\n');
    const table = rows(result.stdout);
    expect(table.map(([name]) => name)).toEqual(['first', 'second', 'total']);
    expect(table[0]![1]).toBeGreaterThanOrEqual(0.2);
    expect(table[2]![1]).toBeCloseTo(table[0]![1] + table[1]![1], 1);
  });

  it('still prints the table when a phase fails, marks that phase and keeps the exit status', () => {
    const result = run('phase "builds"\ntrue\nphase "tests"\nexit 3\nphase "never"');
    expect(result.status).toBe(3);
    expect(rows(result.stdout).map(([name]) => name)).toEqual(['builds', 'tests (FAILED)', 'total']);
  });
});

// The environment of a test stack's gateway: what the stack sets, what node needs to run, and only the
// caller's variables named; `npm start` alone passes the whole environment.
import { describe, expect, it } from 'vitest';
import { BASE_ENV, inheritedEnv } from '../../../scripts/stack.mjs';
import { parseEnvNames, testStackOptions } from './index.mjs';

const CALLER = {
  PATH: '/usr/bin',
  HOME: '/home/ci',
  TMPDIR: '/tmp',
  DATABASE_URL: 'postgres://otro-equipo@db/su_base',
  NODE_OPTIONS: '--require ./coverage-hook.js',
  RATE_LIMIT_MAX: '1',
};

describe('the environment of a test stack’s gateway', () => {
  it('gets what node needs to run and nothing else of the caller’s by default', () => {
    expect(testStackOptions().passEnv).toEqual([]);
    expect(inheritedEnv([], CALLER)).toEqual({ PATH: '/usr/bin', HOME: '/home/ci', TMPDIR: '/tmp' });
    expect(BASE_ENV).not.toContain('NODE_OPTIONS');
  });

  it('gets the variables the caller names (startTestStack’s passEnv, --pass-env)', () => {
    const { passEnv } = testStackOptions({ passEnv: ['DATABASE_URL', 'NODE_OPTIONS'] });
    expect(inheritedEnv(passEnv, CALLER)).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/ci',
      TMPDIR: '/tmp',
      DATABASE_URL: CALLER.DATABASE_URL,
      NODE_OPTIONS: CALLER.NODE_OPTIONS,
    });
    expect(parseEnvNames(' DATABASE_URL , NODE_OPTIONS,')).toEqual({
      value: ['DATABASE_URL', 'NODE_OPTIONS'],
    });
    expect(parseEnvNames('')).toEqual({ value: [] });
    expect(parseEnvNames('DATABASE_URL=x').error).toMatch(/no es un nombre de variable/);
  });

  it('npm start passes the whole environment', () => {
    expect(inheritedEnv('all', CALLER)).toEqual(CALLER);
  });
});

import { describe, expect, it } from 'vitest';
import { enumParam } from '../enum-param';

const STATUS = enumParam({ CREATED: 'created', REPROCESS: 'reprocess' });

describe('enumParam', () => {
  it('reads a value by its text, trimmed and in any case; anything else is none', () => {
    expect(STATUS.parse('reprocess')).toBe('REPROCESS');
    expect(STATUS.parse(' Created ')).toBe('CREATED');
    expect(STATUS.parse('todos')).toBeNull();
    expect(STATUS.parse('REPROCESSED')).toBeNull();
    expect(STATUS.parse(null)).toBeNull();
  });

  it("writes a value's text, and 'todos' for none", () => {
    expect(STATUS.write('REPROCESS')).toBe('reprocess');
    expect(STATUS.write(null)).toBe('todos');
  });
});

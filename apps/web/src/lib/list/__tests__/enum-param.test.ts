import { describe, expect, it } from 'vitest';
import { codeParam, enumParam } from '../enum-param';

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

describe('codeParam', () => {
  const LABELS = { IN_PROCESS: 'En proceso', SENT: 'Enviado' };

  it("writes each code of a catalogue in lower case, 'todos' for none", () => {
    const param = codeParam(LABELS);
    expect(param.write('IN_PROCESS')).toBe('in_process');
    expect(param.write(null)).toBe('todos');
  });

  it('reads the lower-case code in any case; a label or an unknown code is none', () => {
    const param = codeParam(LABELS);
    expect(param.parse(' SENT ')).toBe('SENT');
    expect(param.parse('in_process')).toBe('IN_PROCESS');
    expect(param.parse('Enviado')).toBeNull();
    expect(param.parse('lost')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { UNCHOSEN_OPTION_MESSAGE, unchosenOptionError } from '../unchosen-option';

describe('unchosenOptionError', () => {
  it('refuses a text typed and not chosen, with or without an earlier choice', () => {
    expect(unchosenOptionError('galicia', null)).toBe(UNCHOSEN_OPTION_MESSAGE);
    expect(unchosenOptionError('galicia', 'Banco Macro')).toBe(UNCHOSEN_OPTION_MESSAGE);
  });

  it('accepts an empty text, and the chosen option shown as its label', () => {
    expect(unchosenOptionError('', null)).toBeUndefined();
    expect(unchosenOptionError('  ', 'Visa')).toBeUndefined();
    expect(unchosenOptionError(undefined, null)).toBeUndefined();
    expect(unchosenOptionError('Banco de Galicia y Buenos Aires', 'Banco de Galicia y Buenos Aires')).toBeUndefined();
  });
});

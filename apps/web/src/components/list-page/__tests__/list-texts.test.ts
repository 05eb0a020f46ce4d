import { describe, expect, it } from 'vitest';
import { listTextsOf } from '../list-texts';

describe('listTextsOf', () => {
  it('says a list of feminine items with "las"', () => {
    expect(listTextsOf({ one: 'presentación', many: 'presentaciones', gender: 'feminine' })).toEqual({
      errorTitle: 'No se pudieron cargar las presentaciones',
      emptyMessage: 'No se encontraron presentaciones',
      ariaLabel: 'Presentaciones',
    });
  });

  it('says a list of masculine items with "los", keeping the noun as written', () => {
    expect(listTextsOf({ one: 'BIN', many: 'BINs', gender: 'masculine' })).toEqual({
      errorTitle: 'No se pudieron cargar los BINs',
      emptyMessage: 'No se encontraron BINs',
      ariaLabel: 'BINs',
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  atLeastOneText,
  itemTitle,
  selectedCountText,
  selectedItemsLabel,
  type ItemNoun,
} from '../item-noun';

// The kit's own examples of each gender (the areas' nouns are theirs; shared code imports no feature).
const PAYMENT_NOUN: ItemNoun = { one: 'pago', many: 'pagos', gender: 'masculine' };
const SUBSCRIPTION_NOUN: ItemNoun = { one: 'suscripción', many: 'suscripciones', gender: 'feminine' };

describe('item noun texts agree with the noun', () => {
  it.each([
    {
      noun: PAYMENT_NOUN,
      texts: [
        '1 pago seleccionado',
        '3 pagos seleccionados',
        'Pagos seleccionados',
        'Seleccione al menos un pago.',
        'Pago 42',
      ],
    },
    {
      noun: SUBSCRIPTION_NOUN,
      texts: [
        '1 suscripción seleccionada',
        '3 suscripciones seleccionadas',
        'Suscripciones seleccionadas',
        'Seleccione al menos una suscripción.',
        'Suscripción 42',
      ],
    },
  ])('$noun.gender: $noun.one', ({ noun, texts }) => {
    expect([
      selectedCountText(noun, 1),
      selectedCountText(noun, 3),
      selectedItemsLabel(noun),
      atLeastOneText(noun),
      itemTitle(noun, '42'),
    ]).toEqual(texts);
  });

  it('zero is plural', () => {
    const noun: ItemNoun = { one: 'entidad', many: 'entidades', gender: 'feminine' };
    expect(selectedCountText(noun, 0)).toBe('0 entidades seleccionadas');
  });
});

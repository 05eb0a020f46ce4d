import { describe, expect, it } from 'vitest';
import {
  identificationFormValues,
  identificationInput,
  NO_IDENTIFICATION,
} from '../form/identification-fields';
import { collectorText, referencesList } from '../list/references-list';
import { createInput } from '../screens/reference-form-screen';

const base = {
  collectorId: '10003',
  collector: { id: '10003', name: 'Mutual' },
  name: ' Pedro Gómez ',
  email: '',
  externalReference: '',
  identification: NO_IDENTIFICATION,
};

describe('payer reference form payloads', () => {
  it('creation omits the fields left empty and the identification without a type', () => {
    expect(createInput(base)).toEqual({ collectorId: '10003', name: 'Pedro Gómez' });
    expect(
      createInput({
        ...base,
        email: ' p@gmail.com ',
        externalReference: 'SOC-1',
        identification: { type: 'CUIT_ARG', number: '20-17254359-7', country: 'ARG' },
      }),
    ).toEqual({
      collectorId: '10003',
      name: 'Pedro Gómez',
      email: 'p@gmail.com',
      externalReference: 'SOC-1',
      identification: { type: 'CUIT_ARG', number: '20172543597', country: 'ARG' },
    });
  });

  it("'Ninguna' drops the identification; a stored one fills the form", () => {
    expect(identificationInput({ type: '', number: '123', country: 'ARG' })).toBeNull();
    expect(identificationFormValues(null)).toEqual(NO_IDENTIFICATION);
    expect(identificationFormValues({ type: 'DNI_ARG', number: '1234567', country: 'ARG' })).toEqual({
      type: 'DNI_ARG',
      number: '1234567',
      country: 'ARG',
    });
  });
});

describe('references list', () => {
  it('reads and writes the collector and the search in the address', () => {
    const defaults = referencesList.defaultFilters(new Date());
    const parsed = referencesList.filters.parse(
      new URLSearchParams('q=ana&entidad=10003&entidad_nombre=Mutual'),
      defaults,
    );
    expect(parsed).toEqual({ search: 'ana', collector: { id: '10003', name: 'Mutual' } });
    const params = new URLSearchParams();
    referencesList.filters.write(parsed, params);
    expect(params.toString()).toBe('q=ana&entidad=10003&entidad_nombre=Mutual');
    expect(collectorText('10003', 'Mutual')).toBe('10003 - Mutual');
    expect(collectorText('10003', null)).toBe('10003');
  });
});

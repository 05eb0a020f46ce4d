import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import * as api from './index.js';
import { LABELS, MESSAGES } from './messages.js';

describe('yup Spanish locale', () => {
  it('is applied by importing the package: built-in rules speak Spanish', async () => {
    expect(api.SPANISH_YUP_LOCALE.mixed.required).toBe('*Campo requerido.');
    const schema = yup.object({
      a: yup.string().required(),
      b: yup.string().max(3),
      c: yup.number(),
      d: yup.string().email(),
    });
    const errors = api.collectErrors(schema, { a: '', b: 'abcd', c: 'x', d: 'nope' });
    expect(errors).toEqual({
      a: '*Campo requerido.',
      b: 'Debe tener como máximo 3 caracteres.',
      c: 'Valor inválido.',
      d: 'Email inválido',
    });
  });
});

describe('spec texts are copied verbatim', () => {
  it.each([
    // 000 §5
    [MESSAGES.required, '*Campo requerido.'],
    [MESSAGES.digitsOnly, '*Solo números.'],
    [MESSAGES.reasonRequired, 'Disculpe, debe ingresar el motivo'],
    // 001 §5
    [MESSAGES.nameRequired, 'El nombre es requerido'],
    [MESSAGES.emailPattern, 'El email no tiene formato correcto'],
    [MESSAGES.identificationTypeRequired, 'Tipo de identificación requerido*'],
    [MESSAGES.identificationNumberRequired, 'Número de identificación requerido*'],
    [MESSAGES.identificationNumberIncorrect, 'Número de identificación incorrecto*'],
    [MESSAGES.countryRequired, 'País requerido*'],
    [MESSAGES.dniLength, 'La cantidad de caracteres para DNI es 7 u 8'],
    [MESSAGES.dniInvalid, 'El número de DNI no es válido'],
    [MESSAGES.cuitLength, 'La cantidad de caracteres para CUIT es 11'],
    [MESSAGES.cuitInvalid, 'El número de CUIT no es válido'],
    [MESSAGES.withdrawalStrategyUnsupported, 'La entidad no tiene estrategia de retiro compatible.'],
    [MESSAGES.binRequired, 'Número BIN es requerído *'],
    [MESSAGES.binLength, 'Número BIN debe ser de 6 dígitos *'],
    [MESSAGES.binAccreditationDayRequired, 'El dia de acreditación es requerído *'],
    [MESSAGES.distributionCbu, 'Ingresa un numero de 22 digitos sin letras'],
    [MESSAGES.distributionAlias, 'Ingresa un destino de 5 a 20 caracteres.'],
    [MESSAGES.aliasCharacters, 'El alias solo admite letras, números, puntos (.) y guiones (-).'],
    [MESSAGES.distributionCuit, 'El formato del cuit no es correcto.'],
    [MESSAGES.receiptEmailRequired, 'Campo requerido'],
    [MESSAGES.receiptEmailInvalid, 'Email inválido'],
    [MESSAGES.cbuInvalid, 'El CBU no es válido'],
    [LABELS.withdrawalRejectReason, 'Motivo de rechazo'],
    [LABELS.destinationAccount, 'Cuenta de destino'],
    [LABELS.identificationNone, 'Ninguna'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('limits are the spec values', () => {
    expect({
      CARD_MIN: api.CARD_MIN,
      CARD_MAX: api.CARD_MAX,
      CBU_LENGTH: api.CBU_LENGTH,
      DNI_MIN: api.DNI_MIN,
      DNI_MAX: api.DNI_MAX,
      DNI_PAYER_FORM_LENGTH: api.DNI_PAYER_FORM_LENGTH,
      CUIT_LENGTH: api.CUIT_LENGTH,
      BIN_LENGTH: api.BIN_LENGTH,
      ALIAS_MIN: api.ALIAS_MIN,
      ALIAS_MAX: api.ALIAS_MAX,
      INPUT_MAX: api.INPUT_MAX,
      DESTINATION_MAX: api.DESTINATION_MAX,
    }).toEqual({
      CARD_MIN: 13,
      CARD_MAX: 19,
      CBU_LENGTH: 22,
      DNI_MIN: 7,
      DNI_MAX: 8,
      DNI_PAYER_FORM_LENGTH: 8,
      CUIT_LENGTH: 11,
      BIN_LENGTH: 6,
      ALIAS_MIN: 5,
      ALIAS_MAX: 20,
      INPUT_MAX: 22,
      DESTINATION_MAX: 22,
    });
  });
});

describe('package purity', () => {
  it('source files import only yup, decimal.js-light (money.ts) and relative modules (no DOM, no Node)', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(sources.length).toBeGreaterThan(10);
    for (const file of sources) {
      const text = readFileSync(`${dir}${file}`, 'utf8');
      const imports = [...text.matchAll(/(?:from|import)\s+'([^']+)'/g)].map((m) => m[1]);
      for (const spec of imports)
        expect(
          spec === 'yup' || spec === 'decimal.js-light' || spec?.startsWith('./'),
          `${file}: ${spec}`,
        ).toBe(true);
      expect(text, file).not.toMatch(/\b(window|document|navigator|process|Buffer|require)\b[.(]/);
    }
  });
});

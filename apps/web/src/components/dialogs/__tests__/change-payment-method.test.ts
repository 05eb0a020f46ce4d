import { describe, expect, it } from 'vitest';
import {
  changeMethodErrors,
  changeMethodSummary,
  initialChangeMethodValues,
  toPaymentMethodChangeInput,
  validateChangeMethod,
  type ChangeMethodFormValues,
} from '../change-payment-method-dialog';
import { buildCbu, MESSAGES } from '@backoffice/validators';

const nextYear = new Date().getFullYear() + 1;

function withCard(values: Partial<ChangeMethodFormValues['card']>): ChangeMethodFormValues {
  const base = initialChangeMethodValues('María González');
  return { ...base, kind: 'card', card: { ...base.card, ...values } };
}

describe('change payment method form', () => {
  it("says what 'Guardar' will send, a field not valid yet as not sent", () => {
    const values = withCard({
      number: '4507990000004905',
      expiration: `1/${nextYear}`,
      holder: { name: ' María González ', identification: { number: '28' } },
    });
    const lines = changeMethodSummary(values, changeMethodErrors(values));
    expect(lines.map((line) => [line.label, line.value])).toEqual([
      ['Medio de pago', 'Tarjeta'],
      ['Número de tarjeta', '4507990000004905'],
      ['Vencimiento', `01/${nextYear}`],
      ['Titular', 'María González'],
      ['DNI del titular', null],
    ]);
    const transfer = { ...values, kind: 'transfer' as const };
    expect(changeMethodSummary(transfer, changeMethodErrors(transfer))[1]).toEqual({
      label: 'CBU',
      value: null,
    });
  });

  it('starts invalid (submit disabled) and pre-fills the holder name', async () => {
    const values = initialChangeMethodValues('María González');
    expect(values.card.holder.name).toBe('María González');
    const errors = await validateChangeMethod(values);
    expect(Object.keys(errors)).toEqual(['card']);
  });

  it('accepts a valid card and builds the GraphQL input', async () => {
    const values = withCard({
      number: '4507990000004905',
      expiration: `12/${nextYear}`,
      holder: { name: 'María González', identification: { number: '28456789' } },
    });
    expect(await validateChangeMethod(values)).toEqual({});
    expect(toPaymentMethodChangeInput(values)).toEqual({
      kind: 'CARD',
      number: '4507990000004905',
      expiration: `12/${nextYear}`,
      holder: {
        name: 'María González',
        identification: { number: '28456789', type: 'DNI_ARG', country: 'ARG' },
      },
    });
  });

  it.each(['1/NEXT', '01/YY', '01YY', '1/YY', '01/NEXT'])(
    'accepts the expiration typed as %s and sends it as MM/YYYY',
    async (typed) => {
      const expiration = typed.replace('NEXT', String(nextYear)).replace('YY', String(nextYear).slice(2));
      const values = withCard({
        number: '4507990000004905',
        expiration,
        holder: { name: 'María González', identification: { number: '28456789' } },
      });
      expect(await validateChangeMethod(values)).toEqual({});
      expect(toPaymentMethodChangeInput(values).expiration).toBe(`01/${nextYear}`);
    },
  );

  it('refuses a holder name longer than 100 characters with its message', async () => {
    const values = withCard({
      number: '4507990000004905',
      expiration: `12/${nextYear}`,
      holder: { name: 'x'.repeat(10_000), identification: { number: '28456789' } },
    });
    const errors = await validateChangeMethod(values);
    const holder = (errors.card as Record<string, Record<string, unknown>>).holder;
    expect(holder?.name).toBe(MESSAGES.holderNameMax);
  });

  it('reports the card fields with the shared Spanish messages', async () => {
    const errors = await validateChangeMethod(
      withCard({
        number: '4507',
        expiration: '13/2020',
        holder: { name: '', identification: { number: '12' } },
      }),
    );
    const card = errors.card as Record<string, unknown>;
    expect(card.number).toBe('*El número de tarjeta debe tener entre 13 y 19 dígitos.');
    expect(card.expiration).toBeTruthy();
    expect((card.holder as Record<string, unknown>).name).toBeTruthy();
  });

  it('validates only the chosen method: a valid transfer with an empty card form is valid', async () => {
    const base = initialChangeMethodValues();
    const values: ChangeMethodFormValues = {
      ...base,
      kind: 'transfer',
      transfer: {
        number: buildCbu('0170099', '2000006779737'),
        expiration: '',
        holder: { name: 'Juan Pérez', identification: { number: '20-30123456-3' } },
      },
    };
    expect(await validateChangeMethod(values)).toEqual({});
    expect(toPaymentMethodChangeInput(values)).toEqual({
      kind: 'TRANSFER',
      number: '0170099220000067797370',
      expiration: null,
      holder: {
        name: 'Juan Pérez',
        identification: { number: '20-30123456-3', type: 'CUIT_ARG', country: 'ARG' },
      },
    });
  });

  it('rejects a CUIT with a wrong check digit', async () => {
    const base = initialChangeMethodValues('Juan Pérez');
    const errors = await validateChangeMethod({
      ...base,
      kind: 'transfer',
      transfer: {
        ...base.transfer,
        number: buildCbu('0170099', '2000006779737'),
        holder: { name: 'Juan Pérez', identification: { number: '20301234564' } },
      },
    });
    expect(Object.keys(errors)).toEqual(['transfer']);
  });
});

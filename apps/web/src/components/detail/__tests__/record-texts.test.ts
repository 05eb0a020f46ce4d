import { describe, expect, it } from 'vitest';
import { detailGateTexts, loadErrorText, missingRecordTexts, recordHeading } from '../record-texts';

const PAYMENT = { one: 'pago', gender: 'masculine' } as const;
const SUBSCRIPTION = { one: 'suscripción', gender: 'feminine' } as const;

describe('record texts', () => {
  it("a detail's gate texts agree with a masculine noun, the version's only when one is asked for", () => {
    expect(
      detailGateTexts(PAYMENT, {
        id: '12',
        notFoundTestId: 'payment-not-found',
        listHref: '/pagos',
        listLabel: 'Ir a Buscar Pagos',
        version: 3,
      }),
    ).toEqual({
      loading: 'Cargando pago',
      loadError: 'No se pudo cargar el pago',
      notFoundTitle: 'Pago no encontrado',
      notFound: 'No existe un pago con el ID 12.',
      notFoundTestId: 'payment-not-found',
      listHref: '/pagos',
      listLabel: 'Ir a Buscar Pagos',
      versionMissing: 'No existe la versión 3 del pago.',
    });
    const bin = detailGateTexts(
      { one: 'BIN', gender: 'masculine' },
      {
        id: '450799',
        idName: 'el número',
        notFoundTestId: 'bin-not-found',
        listHref: '/bin',
        listLabel: 'Ir a Buscar BIN',
      },
    );
    expect(bin.notFoundTitle).toBe('BIN no encontrado');
    expect(bin.notFound).toBe('No existe un BIN con el número 450799.');
    expect(bin.versionMissing).toBeUndefined();
  });

  it('and with a feminine one; a sentence of its own replaces the one by id', () => {
    const texts = detailGateTexts(SUBSCRIPTION, {
      id: '7',
      notFoundTestId: 'subscription-not-found',
      listHref: '/suscripciones',
      listLabel: 'Ir a Buscar Suscripciones',
      version: 2,
    });
    expect(texts.loadError).toBe('No se pudo cargar la suscripción');
    expect(texts.notFoundTitle).toBe('Suscripción no encontrada');
    expect(texts.notFound).toBe('No existe una suscripción con el ID 7.');
    expect(texts.versionMissing).toBe('No existe la versión 2 de la suscripción.');
    const batch = detailGateTexts(
      { one: 'lote', gender: 'masculine' },
      {
        id: '5',
        notFound: 'No existe el lote 5 de la entidad 9.',
        notFoundTestId: 'batch-not-found',
        listHref: '/lotes',
        listLabel: 'Ir a Lotes',
      },
    );
    expect(batch.notFound).toBe('No existe el lote 5 de la entidad 9.');
  });

  it('a record page without a list says the record does not exist', () => {
    expect(loadErrorText({ one: 'entidad', gender: 'feminine' })).toBe('No se pudo cargar la entidad');
    expect(missingRecordTexts({ one: 'entidad', gender: 'feminine' }, '12')).toEqual({
      title: 'La entidad no existe',
      text: 'No existe la entidad 12.',
    });
    expect(missingRecordTexts({ one: 'pagador', gender: 'masculine' }, '4')).toEqual({
      title: 'El pagador no existe',
      text: 'No existe el pagador 4.',
    });
  });

  it("a record page's heading is its name, over its noun and id", () => {
    expect(
      recordHeading({ one: 'entidad', gender: 'feminine' }, { id: '12', name: 'Club Atlético' }),
    ).toEqual({
      title: 'Club Atlético',
      subtitle: 'Entidad 12',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { recordHref } from '../record-href';

describe('recordHref: a record address from its route pattern', () => {
  it('fills each parameter of the pattern', () => {
    expect(recordHref('payment', { id: '1000018' })).toBe('/pago/1000018');
    expect(recordHref('collector', { collectorId: '10001' })).toBe('/comercios/10001');
    expect(recordHref('payerReferenceEdit', { id: '7' })).toBe('/pagadores/referencias/7/editar');
    expect(recordHref('withdrawalBatch', { collectorId: '10001', batchId: '55' })).toBe(
      '/retiros/lotes/10001/55',
    );
    expect(recordHref('batch', { collectorId: '10001', id: '55' })).toBe('/lotes/lotes/10001/55');
  });

  it('encodes every parameter, so that a slash or a space stays inside its segment', () => {
    expect(recordHref('payment', { id: 'a/b' })).toBe('/pago/a%2Fb');
    expect(recordHref('payer', { id: '1 2' })).toBe('/pagadores/1%202');
    expect(recordHref('withdrawalBatch', { collectorId: 'a/b', batchId: '1 2' })).toBe(
      '/retiros/lotes/a%2Fb/1%202',
    );
    expect(recordHref('subscription', { id: 'x?y#z%' })).toBe('/suscripcion/x%3Fy%23z%25');
  });

  it('leaves a `:name` inside a value alone: a value is never read as another parameter', () => {
    expect(recordHref('batch', { collectorId: ':id', id: '3' })).toBe('/lotes/lotes/%3Aid/3');
  });

  it('asks for exactly the parameters of its pattern (the type checker refuses the others)', () => {
    const refused = () => [
      // @ts-expect-error: a batch needs its collector too.
      recordHref('batch', { id: '3' }),
      // @ts-expect-error: a collector's parameter is `collectorId`.
      recordHref('collector', { id: '3' }),
      // @ts-expect-error: no record kind of that name.
      recordHref('transfer', { id: '3' }),
    ];
    expect(refused).toBeTypeOf('function');
  });
});

import { describe, expect, it } from 'vitest';
import { hitSecondary } from '../search/search-options';

const hit = (status: string, more: { amount?: string; detail?: string } = {}) => ({
  __typename: 'SearchHit' as const,
  id: '1',
  collectorId: null,
  title: 'x',
  status,
  amount: more.amount ?? null,
  detail: more.detail ?? null,
});

describe("a hit's second line in the palette", () => {
  it("says each group's status in its area's words, as its list and detail do", () => {
    expect(hitSecondary('PAYMENT', hit('ISSUED'))).toBe('Emitido');
    expect(hitSecondary('PAYMENT', hit('APPROVED'))).toBe('Aprobado');
    expect(hitSecondary('IMPORT', hit('approved'))).toBe('Aprobada');
    expect(hitSecondary('IMPORT', hit('pending_approved'))).toBe('Por confirmar');
    expect(hitSecondary('SUBSCRIPTION', hit('ACTIVE'))).toBe('Activa');
    expect(hitSecondary('PRESENTATION', hit('DELIVERED'))).toBe('Presentada');
    expect(hitSecondary('TRANSFER', hit('conciliated'))).toBe('Conciliada');
    expect(hitSecondary('BATCH', hit('FOR_WITHDRAWING'))).toBe('Por retirar');
  });

  it('keeps a status no catalogue knows as the service wrote it, then the amount and the detail', () => {
    expect(hitSecondary('PAYMENT', hit('NUEVO', { amount: '1500.5', detail: 'ana@example.com' }))).toBe(
      'NUEVO · $ 1.500,50 · ana@example.com',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { argentineDateTime } from './date-time.js';
import { byEnum, statusText, SUBSCRIPTION_TYPE_TEXTS, WITHDRAW_STATUS_TEXTS } from './status-texts.js';

describe('what a file says: the screens’ labels and Argentine time', () => {
  it('labels a code as the screens do, keeps an unknown one, and keys the catalogue by the GraphQL enum', () => {
    expect(statusText(WITHDRAW_STATUS_TEXTS, 'pending')).toBe('Pendiente');
    expect(statusText(SUBSCRIPTION_TYPE_TEXTS, 'ADHESION')).toBe('Adhesión');
    expect(statusText(WITHDRAW_STATUS_TEXTS, 'nuevo')).toBe('nuevo');
    expect(statusText(WITHDRAW_STATUS_TEXTS, null)).toBe('');
    expect(byEnum(WITHDRAW_STATUS_TEXTS)).toEqual({
      PENDING: 'Pendiente',
      TRANSFERRED: 'Transferido',
      REJECTED: 'Rechazado',
    });
  });

  it('writes an instant as the screens do, in Argentine time', () => {
    expect(argentineDateTime('2026-11-08T20:35:00.000Z')).toBe('08/11/2026 17:35:00');
    expect(argentineDateTime(new Date('2026-11-09T02:59:59Z'))).toBe('08/11/2026 23:59:59');
    expect(argentineDateTime('')).toBeNull();
    expect(argentineDateTime('no es fecha')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { columnMinWidth, headerLineChars, headerMinWidth } from '../column-width';

describe('column widths from their headers (no header cut at 1280×800)', () => {
  it('breaks a header into two lines at its best space, never inside a word', () => {
    expect(headerLineChars('FECHA DE SOLICITUD')).toBe('SOLICITUD'.length);
    expect(headerLineChars('ID TRANSACCIÓN')).toBe('TRANSACCIÓN'.length);
    expect(headerLineChars('ACCIONES')).toBe('ACCIONES'.length);
    expect(headerLineChars('MEDIO DE PAGO')).toBe('DE PAGO'.length);
  });

  it('keeps room for the sort arrow of a sortable column', () => {
    expect(headerMinWidth('ESTADO', true) - headerMinWidth('ESTADO', false)).toBeGreaterThanOrEqual(18);
  });

  it("never lets a column be narrower than its header needs, and keeps a fixed column's width as its minimum", () => {
    // 'ID TRANSACCIÓN' in 88 px was cut to 'ID TRANSA…'.
    expect(columnMinWidth({ headerName: 'ID TRANSACCIÓN', width: 88 })).toBeGreaterThan(88);
    expect(columnMinWidth({ headerName: 'ID', width: 64, sortable: true })).toBe(64);
    expect(columnMinWidth({ headerName: 'NOMBRE' })).toBe(80);
    expect(columnMinWidth({ headerName: 'NOMBRE', minWidth: 200 })).toBe(200);
  });
});

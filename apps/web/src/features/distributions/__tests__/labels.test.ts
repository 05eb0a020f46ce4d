import { describe, expect, it } from 'vitest';
import { DETAIL_STATUS_LABELS, HEADER_STATUS_LABELS, readableStatusDetail } from '../labels';

describe('distribution labels', () => {
  it('header and detail labels differ for authorization_pending and pending (spec 001 §4)', () => {
    expect([HEADER_STATUS_LABELS.AUTHORIZATION_PENDING, HEADER_STATUS_LABELS.PENDING]).toEqual([
      'Pendiente',
      'En proceso',
    ]);
    expect([DETAIL_STATUS_LABELS.AUTHORIZATION_PENDING, DETAIL_STATUS_LABELS.PENDING]).toEqual([
      'En proceso',
      'Pendiente',
    ]);
  });

  it('shortens a status message past its technical prefix only', () => {
    expect(readableStatusDetail('com.payout.bank.TransferException: La cuenta destino no existe')).toBe(
      'La cuenta destino no existe',
    );
    expect(readableStatusDetail('TRANSFER_ERROR: El CBU informado no pertenece al CUIT')).toBe(
      'El CBU informado no pertenece al CUIT',
    );
    expect(readableStatusDetail('Timeout de la red bancaria, reintentar')).toBe(
      'Timeout de la red bancaria, reintentar',
    );
    expect(readableStatusDetail(null)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatExpiration,
  formatForeignAmount,
  formatPercent,
  gatewayStatusLabel,
  maskedCard,
  metadataKeyLabel,
  methodTypeLabel,
  refundTypeLabel,
} from '../labels';
import { metadataValueText } from '../payment-metadata-section';
import { currencyLabel } from '@/lib/code-label';

describe('payment detail labels', () => {
  it('reads the schema enums as it read the service codes, OTHER in Spanish', () => {
    expect(methodTypeLabel('ONLINE')).toBe('Online');
    expect(methodTypeLabel('DEBIT')).toBe('Débito automático (CBU)');
    expect(methodTypeLabel('OTHER')).toBe('Otro');
    expect(refundTypeLabel('REVERSAL')).toBe('Reversión');
    expect(refundTypeLabel('OTHER')).toBe('Otro');
    expect(currencyLabel('ARS')).toBe('ARS');
    expect(currencyLabel('OTHER')).toBe('Otra moneda');
  });

  it('shows the card as first six, masked, last four', () => {
    expect(maskedCard({ cardMasked: '450799******1234' })).toBe('450799******1234');
    expect(maskedCard({ firstSixDigits: '450799', lastFourDigits: '1234' })).toBe('450799******1234');
    expect(maskedCard({ lastFourDigits: '1234' })).toBe('************1234');
    expect(maskedCard({})).toBe('');
  });

  it('shows rates as percents', () => {
    expect(formatPercent(3.5)).toBe('3,5 %');
    expect(formatPercent(21)).toBe('21 %');
    expect(formatPercent(0)).toBe('0 %');
    expect(formatPercent(null)).toBe('—');
  });

  it('formats the token original currency', () => {
    expect(formatForeignAmount('25.00', 'USD')).toMatch(/US\$\s25,00/);
    expect(formatForeignAmount(null, 'USD')).toBe('—');
  });

  it('translates codes and falls back to the raw code', () => {
    expect(gatewayStatusLabel('approved')).toBe('Aprobado');
    expect(gatewayStatusLabel('weird')).toBe('weird');
    expect(metadataKeyLabel('subscription_request')).toBe('Solicitud de suscripción');
    expect(formatExpiration(3, 2029)).toBe('03/2029');
    expect(formatExpiration(null, 2029)).toBe('');
  });

  it('renders metadata values as text', () => {
    expect(metadataValueText('web')).toBe('web');
    expect(metadataValueText(12)).toBe('12');
    expect(metadataValueText({ a: 1 })).toBe('{"a":1}');
    expect(metadataValueText(null)).toBe('—');
  });
});

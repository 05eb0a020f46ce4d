import { describe, expect, it } from 'vitest';
import { DISTRIBUTION_STATUS_CODES, distributionStatusText } from './distribution-status.js';

describe('distribution status texts (spec 001 §4)', () => {
  it('reads every code in Spanish, the detail differing for authorization_pending and pending', () => {
    expect(DISTRIBUTION_STATUS_CODES).toHaveLength(9);
    expect(DISTRIBUTION_STATUS_CODES.map((code) => distributionStatusText(code))).not.toContain(undefined);
    expect(distributionStatusText('authorization_pending')).toBe('Pendiente');
    expect(distributionStatusText('authorization_pending', 'detail')).toBe('En proceso');
    expect(distributionStatusText('PENDING', 'detail')).toBe('Pendiente');
    expect(distributionStatusText('success')).toBe('Aprobado');
    expect(distributionStatusText('otro')).toBe('otro');
  });
});

import { describe, expect, it } from 'vitest';
import { parseCollectorParam, writeCollectorParam } from '../collector-param';

describe('collector parameter', () => {
  it('reads entidad and entidad_nombre, the name falling back to the id', () => {
    expect(parseCollectorParam(new URLSearchParams('entidad=%2010001%20&entidad_nombre=Club'))).toEqual({
      id: '10001',
      name: 'Club',
    });
    expect(parseCollectorParam(new URLSearchParams('entidad=10001'))).toEqual({ id: '10001', name: '10001' });
    expect(parseCollectorParam(new URLSearchParams('entidad=%20&entidad_nombre=Club'))).toBeNull();
  });

  it('writes the name only when it says more than the id, and nothing without a collector', () => {
    const params = new URLSearchParams();
    writeCollectorParam({ id: '10001', name: 'Club' }, params);
    expect(params.toString()).toBe('entidad=10001&entidad_nombre=Club');
    const bare = new URLSearchParams();
    writeCollectorParam({ id: '10001', name: '10001' }, bare);
    expect(bare.toString()).toBe('entidad=10001');
    const none = new URLSearchParams();
    writeCollectorParam(null, none);
    expect(none.toString()).toBe('');
  });
});

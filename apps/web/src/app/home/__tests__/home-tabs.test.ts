import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '@/lib/web-storage';
import { HOME_TAB_KEY, initialHomeTab, readHomeTab, visibleHomeTabs, writeHomeTab } from '../home-tabs';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('visibleHomeTabs', () => {
  it('shows only Buscar Pagos without permissions', () => {
    expect(visibleHomeTabs([]).map((t) => t.label)).toEqual(['Buscar Pagos']);
  });

  it('adds entities with COLLECTOR_SHOW and payers with PAYER_SHOW, never subscriptions', () => {
    expect(visibleHomeTabs(['COLLECTOR_SHOW']).map((t) => t.type)).toEqual(['payment', 'collector']);
    expect(visibleHomeTabs(['PAYER_SHOW']).map((t) => t.type)).toEqual(['payment', 'payer']);
    expect(
      visibleHomeTabs(['COLLECTOR_SHOW', 'PAYER_SHOW', 'SUBSCRIPTION_CANCEL']).map((t) => t.type),
    ).toEqual(['payment', 'collector', 'payer']);
  });
});

describe('initialHomeTab', () => {
  const all = visibleHomeTabs(['COLLECTOR_SHOW', 'PAYER_SHOW']);
  it('restores a visible stored tab', () => {
    expect(initialHomeTab('payer', all)).toBe('payer');
    expect(initialHomeTab('collector', all)).toBe('collector');
  });
  it('falls back to payments for missing, unknown, hidden or forbidden tabs', () => {
    expect(initialHomeTab(null, all)).toBe('payment');
    expect(initialHomeTab('nope', all)).toBe('payment');
    expect(initialHomeTab('subscription', all)).toBe('payment');
    expect(initialHomeTab('payer', visibleHomeTabs([]))).toBe('payment');
  });
});

describe('home tab storage', () => {
  it('writes and reads home.tab.active', () => {
    const storage = memoryStorage();
    writeHomeTab(storage, 'collector');
    expect(storage.data.get(HOME_TAB_KEY)).toBe('collector');
    expect(readHomeTab(storage)).toBe('collector');
  });
  it('tolerates missing or failing storage', () => {
    expect(readHomeTab(undefined)).toBeNull();
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {},
    };
    expect(readHomeTab(broken)).toBeNull();
    expect(() => writeHomeTab(broken, 'payer')).not.toThrow();
  });
});

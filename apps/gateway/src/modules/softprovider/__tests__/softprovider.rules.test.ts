import { describe, expect, it } from 'vitest';
import type { SoftProviderModel } from '../softprovider.mappers.js';
import { softProviderActions } from '../softprovider.rules.js';

const doc = (status: SoftProviderModel['status']) => ({ status }) as SoftProviderModel;

describe('software-provider rules', () => {
  it('approve and reject only in pending_approval; regenerate and download always', () => {
    const enabled = (status: SoftProviderModel['status']) =>
      softProviderActions
        .list(doc(status), ['SOFT_PROVIDER_APPROVE', 'SOFT_PROVIDER_REJECT'])
        .filter((a) => a.enabled)
        .map((a) => a.kind);
    expect(enabled('PENDING_APPROVAL')).toEqual(['APPROVE', 'REJECT', 'REGENERATE', 'DOWNLOAD']);
    for (const status of ['IN_PROCESS', 'ERROR', 'SENT'] as const) {
      expect(enabled(status)).toEqual(['REGENERATE', 'DOWNLOAD']);
    }
  });

  it('approve and reject each need their own permission; the screen is enough for the rest', () => {
    const permitted = softProviderActions
      .list(doc('PENDING_APPROVAL'), ['SOFT_PROVIDER_REJECT'])
      .filter((a) => a.permitted)
      .map((a) => a.kind);
    expect(permitted).toEqual(['REJECT', 'REGENERATE', 'DOWNLOAD']);
  });
});

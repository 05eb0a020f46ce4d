import { describe, expect, it } from 'vitest';
import { BATCH_ACTIONS, DOWNLOAD_FORMATS } from '../batch-actions';

describe('the batches action registry', () => {
  it('offers one download per file format, named by it, in the menu order after the detail', () => {
    expect(
      (['DOWNLOAD_XLSX', 'DOWNLOAD_TXT', 'DOWNLOAD_XML'] as const).map((kind) => {
        const { label, placement, order } = BATCH_ACTIONS[kind];
        return { label, placement, order, format: DOWNLOAD_FORMATS[kind] };
      }),
    ).toEqual([
      { label: 'Descargar XLSX', placement: 'download', order: 2, format: 'xlsx' },
      { label: 'Descargar TXT', placement: 'download', order: 3, format: 'txt' },
      { label: 'Descargar XML', placement: 'download', order: 4, format: 'xml' },
    ]);
  });

  it('has no file format for the actions that are not downloads', () => {
    expect(DOWNLOAD_FORMATS.REPROCESS).toBeUndefined();
    expect(Object.keys(DOWNLOAD_FORMATS)).toEqual(['DOWNLOAD_XLSX', 'DOWNLOAD_TXT', 'DOWNLOAD_XML']);
  });
});

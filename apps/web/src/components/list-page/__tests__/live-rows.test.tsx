import { createTheme, type Theme } from '@mui/material/styles';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { provideLiveTab } from '@/lib/live/live-access';
import { liveTab } from '@/lib/live/live-tab';
import type { LiveEvent } from '@/lib/live/protocol';
import { noteOwnChanges } from '@/lib/live/own-changes';
import { useLiveRows } from '../live-rows';

// Ids no other file uses: files share this worker's modules (`isolate: false`), and an earlier file's action
// (`useMutate`) notes the ids it changed as this tab's own for a minute, which this list would then not hear of.
const ROWS = [{ id: 'live-rows-18' }, { id: 'live-rows-19' }];
const change = (area: string, ids: string[]): LiveEvent => ({
  type: 'change',
  id: '1',
  area,
  ids,
  version: null,
});
const push = (event: LiveEvent) => act(() => liveTab.dispatch(event));

// The live updates as the shell hands them over once started (`start-live.ts`).
beforeAll(() => provideLiveTab(liveTab));
afterAll(() => provideLiveTab(null));

describe('useLiveRows (a list and the live updates)', () => {
  it('reads the page once for a burst of changes to rows it shows, then highlights them', async () => {
    const refetch = vi.fn(async () => undefined);
    const { result } = renderHook(() => useLiveRows('payments', ROWS, refetch, 20));
    push(change('payments', ['live-rows-18']));
    push(change('payments', ['live-rows-19', 'live-rows-20']));
    push(change('subscriptions', ['live-rows-18'])); // another area's record with the same id
    await waitFor(() => expect(result.current.updated).toEqual(['live-rows-18', 'live-rows-19']));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('Se actualizaron las filas live-rows-18, live-rows-19');
    const style = (result.current.sx as (theme: Theme) => object)(createTheme());
    expect(Object.keys(style)).toContain(
      '& .MuiDataGrid-row[data-id="live-rows-18"], & .MuiDataGrid-row[data-id="live-rows-19"]',
    );
    expect(JSON.stringify(style)).toContain('prefers-reduced-motion: no-preference');
  });

  it("does not read the page again for this tab's own change, which it already shows; a later one it does", async () => {
    const refetch = vi.fn(async () => undefined);
    const rows = [{ id: 'live-rows-31' }, { id: 'live-rows-32' }];
    const { result } = renderHook(() => useLiveRows('payments', rows, refetch, 20));
    noteOwnChanges(['live-rows-31']); // this tab sent its cancel (useMutate) and shows the answer
    push(change('payments', ['live-rows-31']));
    push(change('payments', ['live-rows-32']));
    await waitFor(() => expect(result.current.updated).toEqual(['live-rows-32']));
    expect(refetch).toHaveBeenCalledTimes(1);
    push(change('payments', ['live-rows-31'])); // another operator's change of it, later: news
    await waitFor(() => expect(result.current.updated).toEqual(['live-rows-31']));
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it('ignores a change to records it does not show; reads again on a reset, with nothing highlighted', async () => {
    const refetch = vi.fn(async () => undefined);
    const { result } = renderHook(() => useLiveRows('withdraws', [{ id: 'live-rows-7' }], refetch, 20));
    push(change('withdrawals', ['live-rows-8']));
    push({ type: 'reset' });
    await waitFor(() => expect(refetch).toHaveBeenCalledTimes(1));
    expect(result.current.updated).toEqual([]);
    push(change('withdrawals', ['live-rows-7'])); // the list 'withdraws' shows the area 'withdrawals'
    await waitFor(() => expect(result.current.updated).toEqual(['live-rows-7']));
  });
});

import { createTheme, type Theme } from '@mui/material/styles';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { provideLiveTab } from '@/lib/live/live-access';
import { liveTab } from '@/lib/live/live-tab';
import type { LiveEvent } from '@/lib/live/protocol';
import { noteOwnChanges } from '@/lib/live/own-changes';
import { useLiveRows } from '../live-rows';

const ROWS = [{ id: '1000018' }, { id: '1000019' }];
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
    push(change('payments', ['1000018']));
    push(change('payments', ['1000019', '2000000']));
    push(change('subscriptions', ['1000018'])); // another area's record with the same id
    await waitFor(() => expect(result.current.updated).toEqual(['1000018', '1000019']));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('Se actualizaron las filas 1000018, 1000019');
    const style = (result.current.sx as (theme: Theme) => object)(createTheme());
    expect(Object.keys(style)).toContain(
      '& .MuiDataGrid-row[data-id="1000018"], & .MuiDataGrid-row[data-id="1000019"]',
    );
    expect(JSON.stringify(style)).toContain('prefers-reduced-motion: no-preference');
  });

  it("does not read the page again for this tab's own change, which it already shows; a later one it does", async () => {
    const refetch = vi.fn(async () => undefined);
    const rows = [{ id: '3000001' }, { id: '3000002' }];
    const { result } = renderHook(() => useLiveRows('payments', rows, refetch, 20));
    noteOwnChanges(['3000001']); // this tab sent its cancel (useMutate) and shows the answer
    push(change('payments', ['3000001']));
    push(change('payments', ['3000002']));
    await waitFor(() => expect(result.current.updated).toEqual(['3000002']));
    expect(refetch).toHaveBeenCalledTimes(1);
    push(change('payments', ['3000001'])); // another operator's change of it, later: news
    await waitFor(() => expect(result.current.updated).toEqual(['3000001']));
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it('ignores a change to records it does not show; reads again on a reset, with nothing highlighted', async () => {
    const refetch = vi.fn(async () => undefined);
    const { result } = renderHook(() => useLiveRows('withdraws', [{ id: '7' }], refetch, 20));
    push(change('withdrawals', ['8']));
    push({ type: 'reset' });
    await waitFor(() => expect(refetch).toHaveBeenCalledTimes(1));
    expect(result.current.updated).toEqual([]);
    push(change('withdrawals', ['7'])); // the list 'withdraws' shows the area 'withdrawals'
    await waitFor(() => expect(result.current.updated).toEqual(['7']));
  });
});

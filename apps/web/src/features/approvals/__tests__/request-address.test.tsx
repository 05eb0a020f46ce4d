import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { decisionOf, requestNumberOf, useRequestAddress } from '../request-address';

/** The hook at `url`, with the router's address. */
function renderAddress(url: string) {
  return renderHook(() => ({ address: useRequestAddress(), location: useLocation() }), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    ),
  });
}

describe("a request's address (?solicitud=N)", () => {
  it('reads a number and a decision, nothing else', () => {
    expect(requestNumberOf('42')).toBe('42');
    expect(requestNumberOf('4a')).toBeNull();
    expect(requestNumberOf(null)).toBeNull();
    expect(decisionOf('REJECT')).toBe('REJECT');
    expect(decisionOf('DELETE')).toBeNull();
  });

  it("opens the request the address names, with the palette's decision once", async () => {
    const { result } = renderAddress('/aprobaciones?estado=todos&solicitud=42&accion=REJECT');
    expect(result.current.address).toMatchObject({ id: '42', decision: 'REJECT' });
    // Closed: the list's address as it was, without the request; the decision is over.
    act(() => result.current.address.close());
    await waitFor(() => expect(result.current.location.search).toBe('?estado=todos'));
    expect(result.current.address).toMatchObject({ id: null, decision: null });
  });

  it('opening a request writes its address (a new history entry), without a decision', async () => {
    const { result } = renderAddress('/aprobaciones?estado=todos');
    act(() => result.current.address.open('7'));
    await waitFor(() => expect(result.current.location.search).toBe('?estado=todos&solicitud=7'));
    expect(result.current.address).toMatchObject({ id: '7', decision: null });
  });
});

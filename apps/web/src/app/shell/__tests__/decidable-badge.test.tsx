import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provideLiveTab } from '@/lib/live/live-access';
import { liveTab } from '@/lib/live/live-tab';
import type { LiveEvent } from '@/lib/live/protocol';
import { DecidableBadge, decidableLabel } from '../decidable-badge';

/** A client whose n-th `DecidableApprovals` answers `totals[n]` (the last one after); the reads counted. */
function clientAnswering(totals: number[]) {
  const reads: unknown[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        reads.push(operation.variables);
        const total = totals[Math.min(reads.length - 1, totals.length - 1)];
        observer.next({
          data: { approvalRequests: { __typename: 'ApprovalRequestPage', total } },
        } as never);
        observer.complete();
      }),
  );
  return { client: new ApolloClient({ cache: new InMemoryCache(), link }), reads: () => reads.length };
}

/** The badge on an icon inside a menu item, as the side menu renders it. */
function renderBadge(totals: number[]) {
  const { client, reads } = clientAnswering(totals);
  render(
    <a href="/aprobaciones" className="MuiListItemButton-root" data-testid="item">
      <DecidableBadge client={client} debounceMs={5}>
        <svg data-testid="icon" />
      </DecidableBadge>
      <span>Aprobaciones</span>
    </a>,
  );
  return { reads };
}

const badge = () => document.querySelector('.MuiBadge-badge');
/** The count the badge draws (its digits are the style's, `::after`). */
const shown = () => screen.getByTestId('approvals-badge').getAttribute('data-count');
const push = (event: LiveEvent) => act(() => liveTab.dispatch(event));
const change = (area: string): LiveEvent => ({ type: 'change', id: '7', area, ids: ['12'], version: null });

// The live updates as the shell hands them over once started (`start-live.ts`).
beforeAll(() => provideLiveTab(liveTab));
afterAll(() => provideLiveTab(null));

describe("'Aprobaciones' menu badge: the requests the operator may decide now", () => {
  it('says how many on the icon, and in the item’s name', async () => {
    renderBadge([3]);
    await waitFor(() => expect(shown()).toBe('3'));
    expect(badge()).not.toHaveClass('MuiBadge-invisible');
    expect(badge()).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('icon')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAccessibleName('Aprobaciones, 3 pendientes');
    expect(decidableLabel(1)).toBe('Aprobaciones, 1 pendiente');
  });

  it('hides the badge at 0, the item keeping its own name', async () => {
    const { reads } = renderBadge([0]);
    await waitFor(() => expect(reads()).toBe(1));
    await waitFor(() => expect(badge()).toHaveClass('MuiBadge-invisible'));
    expect(screen.getByTestId('item')).not.toHaveAttribute('aria-label');
    expect(screen.getByRole('link')).toHaveAccessibleName('Aprobaciones');
  });

  it("reads the count again on a live change of 'approvals' (one read for a burst), not of another area", async () => {
    const { reads } = renderBadge([0, 1, 0]);
    await waitFor(() => expect(reads()).toBe(1));
    push(change('payments'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(reads()).toBe(1);

    push(change('approvals'));
    push(change('approvals'));
    await waitFor(() => expect(shown()).toBe('1'));
    expect(badge()).not.toHaveClass('MuiBadge-invisible');
    expect(reads()).toBe(2);
    expect(screen.getByRole('link')).toHaveAccessibleName('Aprobaciones, 1 pendiente');

    // Decided (by him or another approver): gone, and the item's name as it was.
    push(change('approvals'));
    await waitFor(() => expect(badge()).toHaveClass('MuiBadge-invisible'));
    expect(reads()).toBe(3);
    expect(screen.getByTestId('item')).not.toHaveAttribute('aria-label');
  });

  it('reads it again when the stream starts over', async () => {
    const { reads } = renderBadge([2, 4]);
    await waitFor(() => expect(shown()).toBe('2'));
    push({ type: 'reset' });
    await waitFor(() => expect(shown()).toBe('4'));
    expect(reads()).toBe(2);
  });
});

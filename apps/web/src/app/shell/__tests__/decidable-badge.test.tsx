import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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

/** The side menu's item as the shell draws it, and the badge rendered apart (the data layer's), as in the app. */
function menuItem(collapsedLabel?: string) {
  const li = document.createElement('li');
  li.dataset.menuGroup = 'approvals';
  li.innerHTML = `<a href="/aprobaciones" class="MuiListItemButton-root" data-testid="item"${
    collapsedLabel ? ` aria-label="${collapsedLabel}"` : ''
  }><span class="MuiListItemIcon-root"><svg data-testid="icon"></svg></span>${
    collapsedLabel ? '' : '<span class="MuiListItemText-root">Aprobaciones</span>'
  }</a>`;
  document.body.appendChild(li);
  return li;
}

function renderBadge(totals: number[]) {
  const { client, reads } = clientAnswering(totals);
  render(
    <ApolloProvider client={client}>
      <DecidableBadge debounceMs={5} />
    </ApolloProvider>,
  );
  return { reads };
}

const shown = () => screen.queryByTestId('approvals-badge');
const push = (event: LiveEvent) => act(() => liveTab.dispatch(event));
const change = (area: string): LiveEvent => ({ type: 'change', id: '7', area, ids: ['12'], version: null });

// The live updates as the shell hands them over once started (`start-live.ts`).
beforeAll(() => provideLiveTab(liveTab));
afterAll(() => provideLiveTab(null));
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe("'Aprobaciones' menu badge: the requests the operator may decide now", () => {
  it("says how many on the item's icon, and in the item's name", async () => {
    menuItem();
    renderBadge([3]);
    await waitFor(() => expect(shown()).toHaveTextContent('3'));
    expect(shown()).toHaveAttribute('aria-hidden', 'true');
    // After the label in the item's text (the visible 'Aprobaciones 3' inside its name).
    expect(shown()!.parentElement).toHaveClass('MuiListItemText-root');
    expect(screen.getByRole('link')).toHaveAccessibleName('Aprobaciones, 3 pendientes');
    expect(decidableLabel(1)).toBe('Aprobaciones, 1 pendiente');
  });

  it('asks nothing while the menu has no such item (no approval permission), and finds it once drawn', async () => {
    const { reads } = renderBadge([2]);
    // Its effects run: without the item no query is made, whatever time passes.
    await act(async () => {
      await Promise.resolve();
    });
    expect(reads()).toBe(0);
    act(() => void menuItem());
    await waitFor(() => expect(shown()).toHaveTextContent('2'));
    expect(reads()).toBe(1);
  });

  it('follows the item when the menu is drawn again (collapsed), its own name put back when the count goes', async () => {
    const expanded = menuItem();
    renderBadge([1, 0]);
    await waitFor(() => expect(shown()).toHaveTextContent('1'));
    act(() => {
      expanded.remove();
      menuItem('Aprobaciones');
    });
    await waitFor(() => expect(screen.getByRole('link')).toHaveAccessibleName('Aprobaciones, 1 pendiente'));
    expect(shown()).toHaveTextContent('1');
    expect(shown()!.parentElement).toHaveClass('MuiListItemIcon-root'); // no label: on the icon
    push(change('approvals'));
    await waitFor(() => expect(shown()).toBeNull());
    expect(screen.getByRole('link')).toHaveAttribute('aria-label', 'Aprobaciones');
  });

  it("reads the count again on a live change of 'approvals' (one read for a burst), not of another area", async () => {
    menuItem();
    const { reads } = renderBadge([0, 1, 0]);
    await waitFor(() => expect(reads()).toBe(1));
    expect(shown()).toBeNull();
    expect(screen.getByTestId('item')).not.toHaveAttribute('aria-label');
    push(change('payments'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(reads()).toBe(1);

    push(change('approvals'));
    push(change('approvals'));
    await waitFor(() => expect(shown()).toHaveTextContent('1'));
    expect(reads()).toBe(2);
    expect(screen.getByRole('link')).toHaveAccessibleName('Aprobaciones, 1 pendiente');

    // Decided (by him or another approver): gone, and the item's name as it was.
    push(change('approvals'));
    await waitFor(() => expect(shown()).toBeNull());
    expect(reads()).toBe(3);
    expect(screen.getByTestId('item')).not.toHaveAttribute('aria-label');
  });

  it('reads it again when the stream starts over', async () => {
    menuItem();
    const { reads } = renderBadge([2, 4]);
    await waitFor(() => expect(shown()).toHaveTextContent('2'));
    push({ type: 'reset' });
    await waitFor(() => expect(shown()).toHaveTextContent('4'));
    expect(reads()).toBe(2);
  });
});

describe('one badge whatever the data layer boundaries (the main area and the palette each have one)', () => {
  it('draws one badge on the item, and asks once', async () => {
    menuItem();
    const { client, reads } = clientAnswering([5]);
    render(
      <ApolloProvider client={client}>
        <DecidableBadge debounceMs={5} />
        <DecidableBadge debounceMs={5} />
      </ApolloProvider>,
    );
    await waitFor(() => expect(shown()).toHaveTextContent('5'));
    expect(screen.getAllByTestId('approvals-badge')).toHaveLength(1);
    expect(reads()).toBe(1);
  });
});

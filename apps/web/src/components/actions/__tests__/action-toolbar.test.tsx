import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import BlockIcon from '@mui/icons-material/Block';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { ActionToolbar, OPERATIONS_GROUP, unavailableLines, type ToolbarDefinition } from '../action-toolbar';
import type { ActionRegistry, ActionState } from '../action-registry';

type Kind = 'CANCEL' | 'CHANGE_METHOD';
const REGISTRY: ActionRegistry<Kind> = {
  CANCEL: { label: 'Cancelar', icon: BlockIcon, placement: 'operation' },
  CHANGE_METHOD: { label: 'Cambiar medio de pago', icon: CreditCardIcon, placement: 'operation' },
};
const GROUPS = [{ placement: 'operation', title: 'OPERACIONES' }];
const state = (kind: Kind, enabled: boolean): ActionState<Kind> => ({
  kind,
  enabled,
  permitted: true,
  reason: enabled ? null : 'Está viendo una versión anterior.',
});

const toolbar = (actions: ActionState<Kind>[]) =>
  render(
    <ActionToolbar
      actions={actions}
      registry={REGISTRY}
      groups={GROUPS}
      onRun={vi.fn()}
      ariaLabel="Acciones"
    />,
  );

describe('ActionToolbar', { timeout: 60_000 }, () => {
  it('labels a disabled action beside a usable one and says why under the groups, without a pointer', () => {
    toolbar([state('CANCEL', true), state('CHANGE_METHOD', false)]);
    const bar = screen.getByRole('toolbar', { name: 'Acciones' });
    expect(within(bar).getByText('Cancelar')).toBeVisible();
    expect(within(bar).getByTestId('action-reason-CHANGE_METHOD')).toHaveTextContent('Cambiar medio de pago');
    expect(within(bar).getByTestId('action-reason-CHANGE_METHOD')).toHaveAttribute(
      'data-reason',
      'Está viendo una versión anterior.',
    );
    const unavailable = within(bar).getByRole('list', { name: 'Acciones no disponibles' });
    expect(unavailable).toHaveTextContent('Cambiar medio de pago: Está viendo una versión anterior.');
    expect(unavailable).not.toHaveTextContent('Cancelar');
  });

  it('labels every action when none is usable, one line for a shared reason', () => {
    toolbar([state('CANCEL', false), state('CHANGE_METHOD', false)]);
    const bar = screen.getByRole('toolbar', { name: 'Acciones' });
    expect(within(bar).getByTestId('action-reason-CANCEL')).toHaveTextContent('Cancelar');
    expect(within(bar).getByTestId('action-reason-CHANGE_METHOD')).toHaveTextContent('Cambiar medio de pago');
    const lines = within(within(bar).getByRole('list', { name: 'Acciones no disponibles' })).getAllByRole(
      'listitem',
    );
    expect(lines.map((line) => line.textContent)).toEqual([
      'Cancelar, Cambiar medio de pago: Está viendo una versión anterior.',
    ]);
  });

  it('says nothing under the groups when every action is usable', () => {
    toolbar([state('CANCEL', true), state('CHANGE_METHOD', true)]);
    expect(screen.queryByRole('list', { name: 'Acciones no disponibles' })).toBeNull();
  });

  it('groups the disabled actions by reason, in order, with the fallback for none', () => {
    const lines = unavailableLines<Kind | 'OTHER'>(
      [
        { kind: 'CANCEL', enabled: false, permitted: true, reason: 'El pago está cancelado.' },
        { kind: 'OTHER', enabled: false, permitted: true, reason: null },
        { kind: 'CHANGE_METHOD', enabled: false, permitted: true, reason: ' El pago está cancelado. ' },
      ],
      (kind) => kind.toLowerCase(),
      'No disponible.',
    );
    expect(lines).toEqual([
      { labels: ['cancel', 'change_method'], reason: 'El pago está cancelado.' },
      { labels: ['other'], reason: 'No disponible.' },
    ]);
  });

  it("renders from an area's definition: the registry, groups and name declared once, the live state added", () => {
    const definition: ToolbarDefinition<Kind> = {
      registry: REGISTRY,
      groups: [OPERATIONS_GROUP],
      ariaLabel: 'Acciones del pago',
      testId: 'payment-toolbar',
    };
    render(<ActionToolbar {...definition} actions={[state('CANCEL', true)]} onRun={vi.fn()} />);
    const bar = screen.getByRole('toolbar', { name: 'Acciones del pago' });
    expect(bar).toHaveAttribute('data-testid', 'payment-toolbar');
    const operations = within(bar).getByTestId('toolbar-operations');
    expect(operations).toHaveTextContent('OPERACIONES');
    expect(within(operations).getByText('Cancelar')).toBeVisible();
  });
});

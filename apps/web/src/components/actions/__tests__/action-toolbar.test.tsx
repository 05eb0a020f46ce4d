import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import BlockIcon from '@mui/icons-material/Block';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { ActionToolbar, OPERATIONS_GROUP, type ToolbarDefinition } from '../action-toolbar';
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

const toolbar = (actions: ActionState<Kind>[], keepLabels?: boolean) =>
  render(
    <ActionToolbar
      keepLabels={keepLabels}
      actions={actions}
      registry={REGISTRY}
      groups={GROUPS}
      onRun={vi.fn()}
      ariaLabel="Acciones"
    />,
  );

describe('ActionToolbar', { timeout: 60_000 }, () => {
  it('keeps disabled actions compact beside a usable one', () => {
    toolbar([state('CANCEL', true), state('CHANGE_METHOD', false)]);
    const bar = screen.getByRole('toolbar', { name: 'Acciones' });
    expect(within(bar).getByText('Cancelar')).toBeVisible();
    expect(within(bar).queryByText('Cambiar medio de pago')).toBeNull();
  });

  it('labels every action when none is usable, as on an older version (issue 10 item 9)', () => {
    toolbar([state('CANCEL', false), state('CHANGE_METHOD', false)]);
    const bar = screen.getByRole('toolbar', { name: 'Acciones' });
    expect(within(bar).getByText('Cancelar')).toBeVisible();
    expect(within(bar).getByText('Cambiar medio de pago')).toBeVisible();
  });

  it('with keepLabels, labels a disabled action beside a usable one, its reason still in the tooltip (issue 29 item 9)', () => {
    toolbar([state('CANCEL', true), state('CHANGE_METHOD', false)], true);
    const bar = screen.getByRole('toolbar', { name: 'Acciones' });
    expect(within(bar).getByText('Cancelar')).toBeVisible();
    expect(within(bar).getByText('Cambiar medio de pago')).toBeVisible();
    expect(within(bar).getByTestId('action-reason-CHANGE_METHOD')).toHaveAttribute(
      'data-reason',
      'Está viendo una versión anterior.',
    );
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

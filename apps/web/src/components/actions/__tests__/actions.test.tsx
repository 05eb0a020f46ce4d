import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import BlockIcon from '@mui/icons-material/Block';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { ConfirmDialog } from '../../dialogs/confirm-dialog';
import { ActionButton, PermittedActionButtons } from '../action-button';
import { BulkActionBar } from '../bulk-action-bar';
import type { ActionRegistry, ActionState } from '../action-registry';
import { actionButtonsColumn, rowActionsColumn } from '../row-actions-column';
import { RowActionsMenu } from '../row-actions-menu';
import { rowMenuActions, selectionActionStates } from '../selection-actions';

type Kind = 'CANCEL' | 'CHANGE_METHOD';
const REGISTRY: ActionRegistry<Kind> = {
  CANCEL: { label: 'Cancelar', icon: BlockIcon, color: 'error' },
  CHANGE_METHOD: { label: 'Cambiar medio de pago', icon: CreditCardIcon },
};
const KINDS: Kind[] = ['CANCEL', 'CHANGE_METHOD'];
const noun = { one: 'suscripción', many: 'suscripciones', gender: 'feminine' as const };
const row = (id: string, cancel: ActionState<Kind>, change: ActionState<Kind>) => ({
  id,
  actions: [cancel, change],
});
const on = (kind: Kind): ActionState<Kind> => ({ kind, enabled: true, permitted: true, reason: null });
const off = (kind: Kind, reason: string, permitted = true): ActionState<Kind> => ({
  kind,
  enabled: false,
  permitted,
  reason,
});

// MUI in jsdom on a shared 2-core machine: a component test takes seconds, not milliseconds.
describe('shared action components', { timeout: 60_000 }, () => {
  it('the bulk bar enables what every selected row allows and names the first blocking row in the tooltip', async () => {
    const user = userEvent.setup({ delay: null });
    const onAction = vi.fn();
    const selection = [
      row('S-1', on('CANCEL'), on('CHANGE_METHOD')),
      row('S-2', on('CANCEL'), off('CHANGE_METHOD', 'La suscripción está cancelada.')),
    ];
    render(
      <BulkActionBar
        actions={selectionActionStates(KINDS, selection, REGISTRY, { noun })}
        registry={REGISTRY}
        onAction={onAction}
        ariaLabel="Acciones sobre las suscripciones seleccionadas"
      />,
    );
    const cancel = screen.getByRole('button', { name: 'Cancelar' });
    const change = screen.getByRole('button', { name: 'Cambiar medio de pago' });
    expect(cancel).toBeEnabled();
    expect(change).toBeDisabled();
    await user.click(cancel);
    expect(onAction).toHaveBeenCalledWith('CANCEL');

    await user.hover(screen.getByTestId('bulk-action-CHANGE_METHOD'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Suscripción S-2: La suscripción está cancelada.',
    );
  });

  it('the bulk bar can hide itself when no action is permitted (a read-only role)', () => {
    const selection = [
      row('S-1', off('CANCEL', 'Sin permiso', false), off('CHANGE_METHOD', 'Sin permiso', false)),
    ];
    const { container } = render(
      <BulkActionBar
        actions={selectionActionStates(KINDS, selection, REGISTRY, { noun })}
        registry={REGISTRY}
        onAction={() => undefined}
        ariaLabel="Acciones"
        hideWhenNonePermitted
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('an action button shows the gateway reason of a disabled action as its tooltip', async () => {
    const user = userEvent.setup({ delay: null });
    const onRun = vi.fn();
    render(
      <>
        <ActionButton action={on('CHANGE_METHOD')} meta={REGISTRY.CHANGE_METHOD} onRun={onRun} />
        <ActionButton
          action={off('CANCEL', 'Solo se pueden cancelar pagos pendientes o emitidos.')}
          meta={REGISTRY.CANCEL}
          onRun={onRun}
        />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Cambiar medio de pago' }));
    expect(onRun).toHaveBeenCalledWith('CHANGE_METHOD');
    const wrapper = screen.getByTestId('action-reason-CANCEL');
    expect(wrapper).toHaveAttribute('data-reason', 'Solo se pueden cancelar pagos pendientes o emitidos.');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await user.hover(wrapper);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'CancelarSolo se pueden cancelar pagos pendientes o emitidos.',
    );
  });

  it('a row menu lists the permitted actions with reasons, and the dialog it opens returns focus to the menu button', async () => {
    const user = userEvent.setup({ delay: null });
    function Row() {
      const [open, setOpen] = useState(false);
      const actions = rowMenuActions(
        KINDS,
        [on('CANCEL'), off('CHANGE_METHOD', 'Sin permiso', false)],
        REGISTRY,
      );
      return (
        <>
          <RowActionsMenu
            actions={actions}
            registry={REGISTRY}
            label="Acciones de la suscripción S-1"
            onAction={() => setOpen(true)}
          />
          {open && (
            <ConfirmDialog
              title="Cancelar suscripción"
              message="¿Cancelar?"
              onConfirm={async () => null}
              onClose={() => setOpen(false)}
            />
          )}
        </>
      );
    }
    render(<Row />);
    const trigger = screen.getByRole('button', { name: 'Acciones de la suscripción S-1' });
    await user.click(trigger);
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Cancelar']);
    await user.click(items[0]!);
    await screen.findByRole('dialog', { name: 'Cancelar suscripción' });
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('runs the chosen action once even when its row is re-rendered away before the menu finished closing', async () => {
    const user = userEvent.setup({ delay: null });
    const onAction = vi.fn();
    const actions = rowMenuActions(KINDS, [on('CANCEL'), on('CHANGE_METHOD')], REGISTRY);
    const { unmount } = render(
      <RowActionsMenu
        actions={actions}
        registry={REGISTRY}
        label="Acciones de la suscripción S-3"
        onAction={onAction}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Acciones de la suscripción S-3' }));
    const cancel = await screen.findByRole('menuitem', { name: /Cancelar/ });
    // The list refreshed under the closing menu: its row (and the menu) went before the transition's end.
    act(() => {
      fireEvent.click(cancel);
      unmount();
    });
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onAction).toHaveBeenCalledWith('CANCEL');
  });

  it("rowActionsColumn: ACCIONES outside the row's link, each row's menu named after it, the action with its row", async () => {
    const user = userEvent.setup({ delay: null });
    const onAction = vi.fn();
    const column = rowActionsColumn({
      actionsOf: (item: ReturnType<typeof row>) => rowMenuActions(KINDS, item.actions, REGISTRY),
      registry: REGISTRY,
      label: (item) => `Acciones de la suscripción ${item.id}`,
      onAction,
    });
    expect(column).toMatchObject({ field: 'actions', headerName: 'ACCIONES', width: 92, rowLink: false });
    const item = row('S-7', on('CANCEL'), off('CHANGE_METHOD', 'Sin medio.'));
    render(<>{column.render!(item)}</>);
    await user.click(screen.getByRole('button', { name: 'Acciones de la suscripción S-7' }));
    await user.click(await screen.findByRole('menuitem', { name: /Cancelar/ }));
    await waitFor(() => expect(onAction).toHaveBeenCalledWith('CANCEL', item));
  });

  it("rowActionsColumn is the ACCIONES cell: the row's menu, outside the row link, running the action on its row", async () => {
    const user = userEvent.setup({ delay: null });
    const onAction = vi.fn();
    const row = { id: 'S-2', actions: [on('CANCEL'), on('CHANGE_METHOD')] };
    const column = rowActionsColumn<Kind, typeof row>({
      kinds: KINDS,
      registry: REGISTRY,
      label: (r) => `Acciones de la suscripción ${r.id}`,
      onAction,
    });
    expect(column).toMatchObject({
      field: 'actions',
      headerName: 'ACCIONES',
      rowLink: false,
      align: 'center',
    });
    render(<>{column.render!(row)}</>);
    await user.click(screen.getByRole('button', { name: 'Acciones de la suscripción S-2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancelar' }));
    await waitFor(() => expect(onAction).toHaveBeenCalledWith('CANCEL', row));
  });

  it('PermittedActionButtons: a button for each permitted action, the disabled one saying why, none for the rest', async () => {
    const user = userEvent.setup({ delay: null });
    const onRun = vi.fn();
    render(
      <PermittedActionButtons
        actions={[
          on('CHANGE_METHOD'),
          off('CANCEL', 'Ya fue cancelada'),
          off('CANCEL', 'Sin permiso', false),
        ]}
        meta={(kind: Kind) => REGISTRY[kind]}
        onRun={onRun}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Cambiar medio de pago' }));
    expect(onRun).toHaveBeenCalledWith('CHANGE_METHOD');
    expect(screen.getAllByTestId('action-reason-CANCEL')).toHaveLength(1);
    expect(screen.getByTestId('action-reason-CANCEL')).toHaveAttribute('data-reason', 'Ya fue cancelada');
  });

  it('actionButtonsColumn: the ACCIONES cell of buttons, outside the row link, running the action on its row', async () => {
    const user = userEvent.setup({ delay: null });
    const onRun = vi.fn();
    const row = { id: 'L-7', actions: [on('CHANGE_METHOD'), off('CANCEL', 'Lote cerrado')] };
    const column = actionButtonsColumn<Kind, typeof row>({
      meta: (kind) => REGISTRY[kind],
      onRun,
      width: 120,
    });
    expect(column).toMatchObject({ field: 'actions', headerName: 'ACCIONES', rowLink: false, width: 120 });
    render(<>{column.render!(row)}</>);
    await user.click(screen.getByRole('button', { name: 'Cambiar medio de pago' }));
    expect(onRun).toHaveBeenCalledWith('CHANGE_METHOD', row);
    // A disabled action shrinks to its icon; the tooltip's wrapper names it and says why.
    expect(screen.getByTestId('action-reason-CANCEL')).toHaveAccessibleName('Cancelar: Lote cerrado');
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DistributionDetailRowFragment } from '../../gql/graphql';
import { EditDestinationDialog } from '../edit-destination-dialog';

const CBU = '2850590940090418135201';
const CUIT = '30500010912';

function detail(
  actions: { kind: 'EDIT' | 'FORCE' | 'SEND_RECEIPT'; permitted: boolean }[],
): DistributionDetailRowFragment {
  return {
    __typename: 'DistributionDetail',
    id: '9300003-1',
    distributionId: '9300003',
    status: 'ERROR',
    statusDetail: null,
    type: 'NO_SCHEDULED',
    amount: '10.00',
    observations: null,
    lastUpdateDate: null,
    destination: { __typename: 'DistributionDestination', type: 'CBU', value: CBU, cuit: CUIT, name: 'Club' },
    destinationChanges: [],
    actions: actions.map((a) => ({
      __typename: 'DistributionDetailActionState',
      kind: a.kind,
      permitted: a.permitted,
      enabled: a.permitted,
      reason: null,
    })),
  };
}

/** The dialog for a detail whose EDIT and FORCE have these permissions. */
const renderDialog = (
  permitted: { edit: boolean; force: boolean },
  onSubmit: Parameters<typeof EditDestinationDialog>[0]['onSubmit'] = vi.fn(),
) =>
  render(
    <EditDestinationDialog
      detail={detail([
        { kind: 'EDIT', permitted: permitted.edit },
        { kind: 'FORCE', permitted: permitted.force },
      ])}
      onSubmit={onSubmit}
      onClose={() => undefined}
    />,
  );

describe('EditDestinationDialog', () => {
  it("shows 'Forzar' only when the gateway permits FORCE, and forcing asks first, then sends force=true", async () => {
    const onSubmit = vi.fn(async () => null);
    const { unmount } = renderDialog({ edit: true, force: false }, onSubmit);
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Forzar' })).toBeNull();
    unmount();

    renderDialog({ edit: true, force: true }, onSubmit);
    fireEvent.click(screen.getByRole('button', { name: 'Forzar' }));
    // Nothing is sent before the confirmation.
    const confirm = await screen.findByTestId('force-distribution-dialog');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Forzar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      values: expect.objectContaining({ format: 'cbu', value: CBU, cuit: CUIT }),
      force: true,
    });
  });

  it("names the distribution and the detail, and 'Guardar' asks first with what changes, then sends it", async () => {
    const onSubmit = vi.fn(async () => null);
    render(
      <EditDestinationDialog
        detail={detail([{ kind: 'EDIT', permitted: true }])}
        collector="Mutual de Empleados Bancarios"
        onSubmit={onSubmit}
        onClose={() => undefined}
      />,
    );
    const dialog = screen.getByTestId('edit-destination-dialog');
    expect(within(dialog).getByText('9300003')).toBeTruthy();
    expect(within(dialog).getByText('9300003-1')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Nombre' }), { target: { value: 'Mutual' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const confirm = await screen.findByTestId('confirm-destination-dialog');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(confirm.textContent).toContain(
      '¿Está seguro de modificar la cuenta de destino del detalle 9300003-1 de la distribución 9300003?',
    );
    const summary = within(confirm).getByTestId('movement-summary');
    for (const text of ['9300003', 'Mutual de Empleados Bancarios', '9300003-1', `CBU ${CBU}`, 'Mutual']) {
      expect(within(summary).getAllByText(text).length, text).toBeGreaterThan(0);
    }
    fireEvent.click(within(confirm).getByRole('button', { name: 'Modificar destino' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      values: expect.objectContaining({ value: CBU, name: 'Mutual' }),
      force: false,
    });
  });

  it("hides 'Guardar' when the edit is not permitted (a scheduled distribution without its permission)", () => {
    renderDialog({ edit: false, force: false });
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
  });

  it('the CBU keeps digits only, as the CUIT beside it: letters typed or pasted are dropped', () => {
    renderDialog({ edit: true, force: false });
    const cbu = screen.getByRole('textbox', { name: 'CBU' });
    fireEvent.change(cbu, { target: { value: '12ab34' } });
    expect(cbu).toHaveValue('1234');
    fireEvent.change(cbu, { target: { value: '2850-5909 4009041813520 1' } });
    expect(cbu).toHaveValue(CBU);
  });
});

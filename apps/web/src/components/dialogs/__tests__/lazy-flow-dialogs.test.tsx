import { useState, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyFlowDialogs } from '../lazy-flow-dialogs';

interface DialogsProps {
  control: { flow: { kind: string } | null; close(): void };
}

/** The area's dialogs as the lazy module would export them. */
function AreaDialogs({ control }: DialogsProps) {
  return (
    <div role="dialog" aria-label={`Diálogo ${control.flow?.kind}`}>
      <button type="button" onClick={control.close}>
        Cerrar
      </button>
    </div>
  );
}

/** A screen holding the flow's state, with the lazy dialogs below it. */
function Screen({ Dialogs }: { Dialogs: ComponentType<DialogsProps> }) {
  const [flow, setFlow] = useState<{ kind: string } | null>(null);
  return (
    <>
      <button type="button" onClick={() => setFlow({ kind: 'CANCEL' })}>
        Cancelar
      </button>
      <Dialogs control={{ flow, close: () => setFlow(null) }} />
    </>
  );
}

describe('lazyFlowDialogs', () => {
  it('downloads the dialogs once the screen is idle, before any flow, and shows them when a flow starts', async () => {
    const load = vi.fn(async () => AreaDialogs);
    const Dialogs = lazyFlowDialogs(load);
    render(<Screen Dialogs={Dialogs} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('dialog', { name: 'Diálogo CANCEL' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('opens a flow started before the download ended as soon as the dialogs arrive', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const Dialogs = lazyFlowDialogs(async () => {
      await arrived;
      return AreaDialogs;
    });
    render(<Screen Dialogs={Dialogs} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => arrive());
    expect(await screen.findByRole('dialog', { name: 'Diálogo CANCEL' })).toBeTruthy();
  });

  it('tries the download again when the early one failed', async () => {
    const load = vi
      .fn<() => Promise<typeof AreaDialogs>>()
      .mockRejectedValueOnce(new Error('red caída'))
      .mockResolvedValue(AreaDialogs);
    const Dialogs = lazyFlowDialogs(load);
    render(<Screen Dialogs={Dialogs} />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('dialog', { name: 'Diálogo CANCEL' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

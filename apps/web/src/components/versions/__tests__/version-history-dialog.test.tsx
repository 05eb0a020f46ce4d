import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { describeError } from '@/lib/errors';
import type { DiffRow } from '../version-diff';
import { VersionHistoryDialog, type HistoryRow } from '../version-history-dialog';

const ROWS: HistoryRow[] = [3, 2, 1].map((version) => ({
  version,
  id: '1000123',
  status: version === 1 ? 'PENDING' : 'CANCELLED',
  lastUpdateDate: `2025-05-1${version}T13:30:00Z`,
}));

const DIFF: DiffRow[] = [
  { path: 'status', label: 'Estado', left: 'Pendiente', right: 'Cancelado', changed: true },
  { path: 'amount', label: 'Importe', left: '$ 1.500,00', right: '$ 1.500,00', changed: false },
];

function dialog(overrides: Partial<Parameters<typeof VersionHistoryDialog>[0]> = {}) {
  const props = {
    rows: ROWS,
    loading: false,
    shownVersion: 2,
    currentVersion: 3,
    onPick: vi.fn(),
    loadVersion: vi.fn(async (version: number) => ({ version })),
    onClose: vi.fn(),
    renderStatus: (status: string) => <span data-testid="status">{status}</span>,
    diff: vi.fn(() => DIFF),
    emptyText: 'El pago no tiene versiones.',
    tableLabel: 'Versiones del pago',
    ...overrides,
  };
  render(<VersionHistoryDialog {...props} />);
  return props;
}

const tick = (version: number) => screen.getByRole('checkbox', { name: `Comparar versión ${version}` });

// MUI in jsdom on a shared 2-core machine: a dialog test takes seconds, not milliseconds.
describe('VersionHistoryDialog', { timeout: 60_000 }, () => {
  it('lists the versions, marks the current and the shown one, and a click on a row shows it', async () => {
    const user = userEvent.setup({ delay: null });
    const props = dialog();
    const table = screen.getByRole('table', { name: 'Versiones del pago' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-version'))).toEqual(['3', '2', '1']);
    expect(within(rows[0]!).getByText('Actual')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('En pantalla')).toBeInTheDocument();
    expect(within(rows[2]!).queryByText(/Actual|En pantalla/)).toBeNull();
    await user.click(within(rows[2]!).getByText('PENDING'));
    expect(props.onPick).toHaveBeenCalledWith(ROWS[2]);
    // Ticking a version is not picking it.
    await user.click(tick(3));
    expect(props.onPick).toHaveBeenCalledTimes(1);
  });

  it('says when there are no versions', () => {
    dialog({ rows: [] });
    expect(screen.getByText('El pago no tiene versiones.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('compares the last two versions ticked, oldest on the left, the changed fields only until asked for all; back and again keeps that choice in the same dialog', async () => {
    const user = userEvent.setup({ delay: null });
    const loadVersion = vi.fn(async (version: number) => ({ version }));
    dialog({ loadVersion });
    const compare = () => screen.getByRole('button', { name: /^Comparar/ });
    expect(compare()).toBeDisabled();
    await user.click(tick(1));
    expect(compare()).toHaveTextContent('Comparar (1/2)');
    await user.click(tick(3));
    await user.click(tick(2));
    expect(tick(1)).not.toBeChecked();
    expect(compare()).toHaveTextContent('Comparar (2/2)');
    const opened = screen.getByRole('dialog');

    await user.click(compare());
    expect(await screen.findByTestId('compare-summary')).toHaveTextContent('1 campo modificado');
    expect(loadVersion.mock.calls.map(([version]) => version)).toEqual([2, 3]);
    expect(screen.getByRole('dialog')).toBe(opened);
    const comparison = screen.getByRole('table', { name: 'Comparación de versiones' });
    expect(
      within(comparison)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'CAMPO',
      expect.stringMatching(/^Versión 2 · .*CANCELLED$/),
      expect.stringMatching(/^Versión 3 · .*CANCELLED$/),
    ]);
    expect(within(comparison).getAllByRole('row')).toHaveLength(2);
    await user.click(screen.getByRole('switch', { name: 'Solo campos modificados' }));
    expect(within(comparison).getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Volver al historial' }));
    expect(screen.getByRole('dialog')).toBe(opened);
    expect(compare()).toHaveTextContent('Comparar (2/2)');
    await user.click(compare());
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Solo campos modificados' })).not.toBeChecked(),
    );
  });

  it('says why a comparison could not load', async () => {
    const user = userEvent.setup({ delay: null });
    const refusal = new Error('Sin conexión');
    dialog({ loadVersion: vi.fn(async () => Promise.reject(refusal)) });
    await user.click(tick(1));
    await user.click(tick(2));
    await user.click(screen.getByRole('button', { name: /^Comparar/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(describeError(refusal));
  });
});

import type { ReactNode } from 'react';
import { act, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotificationsProvider } from '../notifications';
import { UNKNOWN_OUTCOME_MESSAGE } from '../mutation-outcome';
import { useMutationOutcome } from '../use-mutation-outcome';

const wrapper = ({ children }: { children: ReactNode }) => (
  <NotificationsProvider>{children}</NotificationsProvider>
);

describe('useMutationOutcome', { timeout: 60_000 }, () => {
  it('SUCCESS: the success toast, onSuccess, and no dialog feedback', async () => {
    const { result } = renderHook(() => useMutationOutcome(), { wrapper });
    const onSuccess = vi.fn();
    const onUnknown = vi.fn();
    let feedback: unknown;
    act(() => {
      feedback = result.current.settle(
        { outcome: 'SUCCESS' },
        { success: 'Pago cancelado correctamente', onSuccess, onUnknown },
      );
    });
    expect(feedback).toBeNull();
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onUnknown).not.toHaveBeenCalled();
    expect(await screen.findByRole('status')).toHaveTextContent('Pago cancelado correctamente');
  });

  it('FAILED: the dialog shows the catalogue message - extended code; no success toast', () => {
    const { result } = renderHook(() => useMutationOutcome(), { wrapper });
    const onSuccess = vi.fn();
    const feedback = result.current.settle(
      {
        outcome: 'FAILED',
        error: {
          message: 'El pago no se puede cancelar',
          code: 'bad_request',
          extendedCode: 'payment_not_cancellable',
        },
      },
      { success: 'Pago cancelado correctamente', onSuccess },
    );
    expect(feedback).toEqual({
      severity: 'error',
      message: 'El pago no se puede cancelar - payment_not_cancellable',
    });
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('UNKNOWN is never a success: a "Resultado desconocido" warning, and the subject is read again', () => {
    const { result } = renderHook(() => useMutationOutcome(), { wrapper });
    const onUnknown = vi.fn();
    const onSuccess = vi.fn();
    const feedback = result.current.settle(
      { outcome: 'UNKNOWN', error: null },
      { success: 'Pago cancelado correctamente', onUnknown, onSuccess },
    );
    expect(feedback).toEqual({
      severity: 'warning',
      title: 'Resultado desconocido',
      message: UNKNOWN_OUTCOME_MESSAGE,
    });
    expect(onUnknown).toHaveBeenCalledTimes(1);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('announce (no dialog): every outcome becomes a toast of its own severity', async () => {
    const { result } = renderHook(() => useMutationOutcome(), { wrapper });
    let ok = true;
    act(() => {
      ok = result.current.announce(
        { outcome: 'UNKNOWN', error: null },
        { success: 'Pago actualizado correctamente' },
      );
    });
    expect(ok).toBe(false);
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent(UNKNOWN_OUTCOME_MESSAGE);
    expect(toast.className).toMatch(/Warning/);
    expect(toast).not.toHaveTextContent('Pago actualizado correctamente');
  });

  it('no payload at all is an error, never a success', () => {
    const { result } = renderHook(() => useMutationOutcome(), { wrapper });
    expect(result.current.settle(undefined, { success: 'Listo' })).toEqual({
      severity: 'error',
      message: 'No se recibió respuesta del servidor.',
    });
  });
});

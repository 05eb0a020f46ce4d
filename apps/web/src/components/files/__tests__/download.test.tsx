import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureFileSession } from '@/lib/files';
import { NotificationsProvider } from '@/lib/notifications';
import { DownloadButton, DownloadMenu } from '../index';

/** A response whose body the test feeds chunk by chunk. */
function controlledResponse(headers: Record<string, string>) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers }),
    push: (text: string) => controller.enqueue(new TextEncoder().encode(text)),
    end: () => controller.close(),
  };
}

const created: Blob[] = [];
beforeEach(() => {
  configureFileSession({ getToken: () => Promise.resolve('t.o.k'), gatewayUrl: 'http://gw.test/graphql' });
  created.length = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:http://web.test/1';
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  configureFileSession(null);
  vi.unstubAllGlobals();
});

describe('download components', { timeout: 60_000 }, () => {
  it('DownloadMenu downloads the chosen format with its progress, then says it finished', async () => {
    const user = userEvent.setup({ delay: null });
    const answer = controlledResponse({
      'content-type': 'text/csv',
      'content-length': '10',
      'content-disposition': 'attachment; filename="pagos.csv"',
    });
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(answer.response);
    vi.stubGlobal('fetch', fetchMock);
    render(
      <NotificationsProvider>
        <DownloadMenu
          label="Descargar archivo"
          choices={[
            { label: 'XLSX', path: '/exportaciones/1/xlsx' },
            { label: 'CSV', path: '/exportaciones/1/csv' },
          ]}
        />
      </NotificationsProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Descargar archivo' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(fetchMock.mock.calls[0]![0]).toBe('http://gw.test/files/exportaciones/1/csv');
    expect(screen.getByRole('button', { name: 'Descargar archivo' })).toBeDisabled();

    answer.push('12345');
    const bar = await screen.findByRole('progressbar', { name: 'Descargando archivo' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    answer.push('67890');
    answer.end();
    expect(await screen.findByText('Descarga completa: pagos.csv')).toBeInTheDocument();
    expect(await created[0]!.text()).toBe('1234567890');
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Descargar archivo' })).toBeEnabled();
  });

  it('DownloadButton shows the gateway’s Spanish refusal as an error and saves nothing', async () => {
    const user = userEvent.setup({ delay: null });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        new Response(
          JSON.stringify({
            error: { code: 'FORBIDDEN', message: 'No tiene permisos para realizar esta acción.' },
          }),
          { status: 403, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    render(
      <NotificationsProvider>
        <DownloadButton path="/exportaciones/1" />
      </NotificationsProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Descargar' }));
    expect(await screen.findByText('No tiene permisos para realizar esta acción.')).toBeInTheDocument();
    expect(created).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Descargar' })).toBeEnabled();
  });
});

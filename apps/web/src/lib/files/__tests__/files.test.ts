// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeError } from '../../errors';
import {
  downloadFile,
  fileNameFromDisposition,
  FileRequestError,
  filesUrl,
  uploadFile,
  type FileSession,
  type TransferProgress,
} from '../index';

const TOKEN = 'header.payload.signature';
const session = (overrides: Partial<FileSession> = {}): FileSession => ({
  getToken: () => Promise.resolve(TOKEN),
  gatewayUrl: 'https://api.example.test/graphql',
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A response whose body arrives in the given chunks. */
function streamed(chunks: string[], headers: Record<string, string>, status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers });
}

describe('filesUrl', () => {
  it('puts /files beside the gateway’s /graphql', () => {
    expect(filesUrl('/retiros/1/xlsx', 'https://api.example.test/graphql')).toBe(
      'https://api.example.test/files/retiros/1/xlsx',
    );
    expect(filesUrl('exportaciones/9', 'http://127.0.0.1:4000/graphql/')).toBe(
      'http://127.0.0.1:4000/files/exportaciones/9',
    );
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, falls back to the plain one', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="exportacion.xlsx"; filename*=UTF-8''exportaci%C3%B3n.xlsx`,
      ),
    ).toBe('exportación.xlsx');
    expect(fileNameFromDisposition('attachment; filename="pagos.csv"')).toBe('pagos.csv');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('downloadFile', () => {
  it('sends the token in the Authorization header (never in the URL), reports progress, saves under the server’s name', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      streamed(['id,monto\n', '1,10.00\n'], {
        'content-type': 'text/csv; charset=utf-8',
        'content-length': '17',
        'content-disposition': `attachment; filename="pagos.csv"; filename*=UTF-8''pagos-1.csv`,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const progress: TransferProgress[] = [];
    const saved: Array<{ blob: Blob; name: string }> = [];
    const result = await downloadFile('/exportaciones/1', {
      session: session(),
      onProgress: (p) => progress.push(p),
      save: (blob, name) => saved.push({ blob, name }),
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.example.test/files/exportaciones/1');
    expect(String(url)).not.toContain(TOKEN);
    const headers = init!.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(headers.source).toBe('backoffice');
    expect(headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(init!.credentials).toBeUndefined();
    expect(progress).toEqual([
      { loaded: 0, total: 17 },
      { loaded: 9, total: 17 },
      { loaded: 17, total: 17 },
    ]);
    expect(result).toEqual({ fileName: 'pagos-1.csv', size: 17 });
    expect(saved[0]!.name).toBe('pagos-1.csv');
    expect(await saved[0]!.blob.text()).toBe('id,monto\n1,10.00\n');
  });

  it('a refusal throws FileRequestError with the gateway’s Spanish message; 401 ends the session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        new Response(
          JSON.stringify({
            error: { code: 'FORBIDDEN', message: 'No tiene permisos para realizar esta acción.' },
          }),
          {
            status: 403,
            headers: { 'content-type': 'application/json' },
          },
        ),
      ),
    );
    const save = vi.fn();
    const error = await downloadFile('/x', { session: session(), save }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileRequestError);
    expect(error).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'No tiene permisos para realizar esta acción.',
    });
    expect(describeError(error)).toBe('No tiene permisos para realizar esta acción.');
    expect(save).not.toHaveBeenCalled();

    const onUnauthenticated = vi.fn();
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response('<html>', { status: 401 })));
    await expect(downloadFile('/x', { session: session({ onUnauthenticated }), save })).rejects.toMatchObject(
      {
        status: 401,
        message: 'Su sesión expiró. Ingrese nuevamente.',
      },
    );
    expect(onUnauthenticated).toHaveBeenCalledOnce();
  });

  it('an unreachable gateway is a Spanish network error', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(downloadFile('/x', { session: session(), save: vi.fn() })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: expect.stringMatching(/^No se pudo conectar con el servidor/),
    });
  });
});

/** A fake XMLHttpRequest driven by the test. */
class FakeXhr {
  static last: FakeXhr | undefined;
  sent = false;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  responseType = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    this.sent = true;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

describe('uploadFile', () => {
  // The request goes out once the token is read (asynchronously): wait for this test's request to be sent.
  const sentXhr = () =>
    vi.waitFor(
      () => {
        const xhr = FakeXhr.last;
        if (!xhr?.sent) throw new Error('la subida todavía no se envió');
        return xhr;
      },
      { timeout: 15_000, interval: 50 },
    );
  beforeEach(() => {
    FakeXhr.last = undefined;
  });

  it('posts the form with the token, reports upload progress, resolves with the JSON answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const form = new FormData();
    form.append('file', new Blob(['a,b\n']), 'pagos.csv');
    const progress: TransferProgress[] = [];
    const pending = uploadFile('/importaciones', form, {
      session: session(),
      onProgress: (p) => progress.push(p),
    });
    const xhr = await sentXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('https://api.example.test/files/importaciones');
    expect(xhr.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(xhr.body).toBe(form);
    xhr.upload.onprogress?.({ loaded: 2, total: 4, lengthComputable: true });
    xhr.answer(201, JSON.stringify({ id: 'imp-1' }));
    await expect(pending).resolves.toEqual({ id: 'imp-1' });
    expect(progress).toEqual([{ loaded: 2, total: 4 }]);
  });

  it('a refusal rejects with the gateway’s Spanish message', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const pending = uploadFile('/importaciones', new FormData(), { session: session() });
    (await sentXhr()).answer(
      413,
      JSON.stringify({
        error: {
          code: 'PAYLOAD_TOO_LARGE',
          message: 'El archivo supera el tamaño máximo permitido (10 MB).',
        },
      }),
    );
    await expect(pending).rejects.toMatchObject({
      name: 'FileRequestError',
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'El archivo supera el tamaño máximo permitido (10 MB).',
    });
  });

  it('a network failure rejects with the Spanish network error', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const pending = uploadFile('/importaciones', new FormData(), { session: session() });
    (await sentXhr()).onerror?.();
    await expect(pending).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});

import type { TransferProgress } from './download-file';
import { fileRequestError, networkError } from './file-request-error';
import { currentFileSession, fileHeaders, filesUrl, type FileSession } from './session';

export interface UploadOptions {
  /** Bytes sent so far (XMLHttpRequest.upload progress). */
  onProgress?(progress: TransferProgress): void;
  signal?: AbortSignal;
  session?: FileSession;
  /** The operator intent's key (the `idempotency-key` header): the gateway answers a repeated send from its record. */
  idempotencyKey?: string;
}

/**
 * Uploads a multipart form to `/files<path>` with the bearer token; resolves with the upstream's JSON answer.
 * XMLHttpRequest, because fetch reports no upload progress. Throws FileRequestError with the Spanish message.
 */
export async function uploadFile<T = unknown>(
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<T> {
  const session = options.session ?? currentFileSession();
  const headers = await fileHeaders(session);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', filesUrl(path, session.gatewayUrl));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (options.idempotencyKey) xhr.setRequestHeader('idempotency-key', options.idempotencyKey);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) =>
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : {}) as T);
        } catch {
          reject(fileRequestError(502, ''));
        }
        return;
      }
      if (xhr.status === 401) session.onUnauthenticated?.();
      reject(fileRequestError(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('Subida cancelada', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

import { fileRequestError, networkError } from './file-request-error';
import { currentFileSession, fileHeaders, filesUrl, type FileSession } from './session';

export interface TransferProgress {
  /** Bytes received (download) or sent (upload) so far. */
  loaded: number;
  /** Total bytes when known (Content-Length), else null. */
  total: number | null;
}

export interface DownloadOptions {
  onProgress?(progress: TransferProgress): void;
  signal?: AbortSignal;
  /** Saves the file (default: the browser's download of a blob URL). */
  save?(blob: Blob, fileName: string): void;
  session?: FileSession;
}

export interface DownloadedFile {
  fileName: string;
  size: number;
}

/** The file name of a Content-Disposition header (the UTF-8 form first), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const utf8 = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1].trim());
    } catch {
      /* the plain name below */
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() || null;
}

/** Saves a blob under a name through a temporary blob: URL and a download link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads `/files<path>` with the bearer token in the Authorization header, reporting progress while the body
 * arrives, and saves it under the server's file name. Throws FileRequestError with the gateway's Spanish message.
 */
export async function downloadFile(path: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const session = options.session ?? currentFileSession();
  let response: Response;
  try {
    response = await fetch(filesUrl(path, session.gatewayUrl), {
      headers: await fileHeaders(session),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw networkError();
  }
  if (!response.ok) {
    if (response.status === 401) session.onUnauthenticated?.();
    throw fileRequestError(response.status, await response.text().catch(() => ''));
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  options.onProgress?.({ loaded, total });
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        loaded += value.length;
        options.onProgress?.({ loaded, total });
      }
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw networkError();
    }
  }
  const blob = new Blob(chunks as BlobPart[], {
    type: response.headers.get('content-type') ?? 'application/octet-stream',
  });
  const fileName =
    fileNameFromDisposition(response.headers.get('content-disposition')) ??
    (path.split('?')[0]!.split('/').filter(Boolean).join('-') || 'archivo');
  (options.save ?? saveBlob)(blob, fileName);
  return { fileName, size: blob.size };
}

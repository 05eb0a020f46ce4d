/** A refused or failed /files call, with the gateway's Spanish message (`{ "error": { "code", "message" } }`). */
export class FileRequestError extends Error {
  override readonly name = 'FileRequestError';
  constructor(
    /** HTTP status; 0 when the gateway could not be reached. */
    readonly status: number,
    /** The gateway's code (FORBIDDEN, PAYLOAD_TOO_LARGE, UPSTREAM_ERROR…) or NETWORK_ERROR. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const BY_STATUS: Record<number, string> = {
  401: 'Su sesión expiró. Ingrese nuevamente.',
  403: 'No tiene permisos para realizar esta acción.',
  404: 'No se encontró el archivo solicitado.',
  413: 'El archivo supera el tamaño máximo permitido.',
  415: 'El tipo de archivo no es válido.',
};
export const NETWORK_ERROR_MESSAGE =
  'No se pudo conectar con el servidor. Verifique su conexión e intente nuevamente.';
const GENERIC = 'Ocurrió un error inesperado. Intente nuevamente.';

/** The error of a non-2xx answer: the gateway's message when it sent one, else a Spanish text by status. */
export function fileRequestError(status: number, bodyText: string): FileRequestError {
  let code = `HTTP_${status}`;
  let message: string | undefined;
  try {
    const body = JSON.parse(bodyText) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === 'string') code = body.error.code;
    if (typeof body.error?.message === 'string' && body.error.message.trim()) message = body.error.message;
  } catch {
    /* not the gateway's JSON (a proxy's page): the status says it */
  }
  return new FileRequestError(status, code, message ?? BY_STATUS[status] ?? GENERIC);
}

export const networkError = () => new FileRequestError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);

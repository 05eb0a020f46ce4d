/**
 * Every upstream error body is `{code, extended_code, message}`; handlers throw `HttpError`. A refusal about a
 * file's layout also names what it misses (`missing_columns`, docs/upstream-contract.md).
 */
export interface ErrorBody {
  code: string;
  extended_code: string;
  message: string;
  missing_columns?: string[];
  /** What a refused `/__admin` value could have been (unknown service, operation, route or method). */
  valid?: string[];
}

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extendedCode: string;
  readonly extra: Pick<ErrorBody, 'missing_columns' | 'valid'>;

  constructor(
    status: number,
    code: string,
    extendedCode: string,
    message: string,
    extra: Pick<ErrorBody, 'missing_columns' | 'valid'> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.extendedCode = extendedCode;
    this.extra = extra;
  }

  toBody(): ErrorBody {
    return { code: this.code, extended_code: this.extendedCode, message: this.message, ...this.extra };
  }
}

export const badRequest = (extendedCode: string, message: string): HttpError =>
  new HttpError(400, 'bad_request', extendedCode, message);

export const invalidFilters = (message: string): HttpError => badRequest('invalid_filters', message);

export const notFound = (extendedCode: string, message: string): HttpError =>
  new HttpError(404, 'not_found', extendedCode, message);

/** The resource is in a state that does not allow the operation. */
export const invalidStatus = (extendedCode: string, message: string): HttpError =>
  new HttpError(409, 'invalid_status', extendedCode, message);

/** The request is well formed but its values are not acceptable. */
export const validationError = (extendedCode: string, message: string): HttpError =>
  new HttpError(422, 'validation_error', extendedCode, message);

export const conflict = (extendedCode: string, message: string): HttpError =>
  new HttpError(409, 'conflict', extendedCode, message);

export const internalError = (extendedCode: string, message: string): HttpError =>
  new HttpError(500, 'internal_error', extendedCode, message);

import { describe, expect, it } from 'vitest';
import {
  readableServiceMessage,
  catalogueMessage,
  describeUpstreamFailure,
  GENERIC_ERROR_MESSAGE,
  operatorMessage,
  TIMEOUT_READ_MESSAGE,
  TIMEOUT_WRITE_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from '../error-catalogue.js';
import { UpstreamError, UpstreamTimeout, UpstreamUnavailable, namesOf } from '../errors.js';
import { readFailure, writeFailure } from '../outcome.js';
// The modules' own texts join the catalogue when the list of modules loads (as in the gateway).
import '../../modules.js';

describe('error catalogue', () => {
  it('prefers the service entry, then any service, then the HTTP status, then the generic text', () => {
    expect(catalogueMessage('payment', 'not_found', 'payment_not_found', 404)).toBe(
      'No se encontró el pago.',
    );
    expect(catalogueMessage('bin', 'not_found', 'bin_not_found', 404)).toBe('No se encontró el BIN.');
    expect(catalogueMessage('converter', 'no_such_code', 'no_such_extended_code', 404)).toBe(
      'No se encontró el recurso solicitado.',
    );
    expect(catalogueMessage('payment', 'bad_request', 'invalid_filters', 400)).toBe(
      'Los filtros de búsqueda no son válidos.',
    );
    expect(catalogueMessage('payment', 'no_such_code', null, 409)).toBe(
      'La operación no puede realizarse en el estado actual.',
    );
    expect(catalogueMessage('payment', 'no_such_code', null, 500)).toBe(GENERIC_ERROR_MESSAGE);
    expect(catalogueMessage('payment', null, null)).toBe(GENERIC_ERROR_MESSAGE);
  });

  it("names what a refusal names (a file's missing columns) per service, and only plain names", () => {
    const refusal = (service: 'import' | 'converter', names: unknown) =>
      describeUpstreamFailure(
        new UpstreamError(service, 422, 'validation_error', 'missing_columns', null, null, namesOf(names)),
      ).message;
    expect(refusal('converter', ['referencia', 'importe', 'dni'])).toBe(
      'Faltan columnas en el archivo: referencia, importe y dni - missing_columns',
    );
    expect(refusal('import', ['amount'])).toBe('Faltan columnas en el archivo: amount - missing_columns');
    // Without names (or with anything but plain names), each service's own layout, never the other's.
    expect(refusal('converter', [])).toBe(
      'Faltan columnas en el archivo: no tiene las de la configuración de origen elegida - missing_columns',
    );
    expect(refusal('converter', ['<script>'])).not.toContain('script');
    expect(refusal('import', 'amount')).toContain('external_transaction_id, concept_id');
  });

  it('appends " - " and the extended code for the operator (a refusal: never for a 5xx)', () => {
    expect(operatorMessage('payment', 'internal_error', 'db_down', 500)).toBe(
      'Ups! Ocurrió un error inesperado.',
    );
    expect(operatorMessage('payment', 'conflict', 'already_paid', 409)).toBe(
      'La operación no puede realizarse en el estado actual - already_paid',
    );
    expect(operatorMessage('payment', 'not_found', 'payment_not_found', 404)).toBe(
      'No se encontró el pago - payment_not_found',
    );
    expect(operatorMessage('payment', 'not_found', null, 404)).toBe('No se encontró el pago.');
  });

  it('describes failures without the upstream message', () => {
    const error = new UpstreamError(
      'payment',
      500,
      'internal_error',
      'db_down',
      'ORA-00942: table or view does not exist',
    );
    const described = describeUpstreamFailure(error);
    expect(described).toEqual({
      message: 'Ups! Ocurrió un error inesperado.',
      code: 'UPSTREAM_ERROR',
      upstreamCode: null,
      extendedCode: null,
    });
    expect(JSON.stringify(described)).not.toContain('ORA');
    expect(
      describeUpstreamFailure(new UpstreamError('payment', 409, 'conflict', 'already_paid')),
    ).toMatchObject({ upstreamCode: 'conflict', extendedCode: 'already_paid' });
    // Software-provider refusals keep the service's message (spec 001 §8), the code after it; never for a 5xx.
    expect(
      describeUpstreamFailure(
        new UpstreamError(
          'softprovider',
          409,
          'invalid_status',
          'soft_provider_not_pending',
          'El reporte 5 no está pendiente de aprobación: no se puede aprobar.',
        ),
      ).message,
    ).toBe('El reporte 5 no está pendiente de aprobación: no se puede aprobar - soft_provider_not_pending');
    expect(
      describeUpstreamFailure(new UpstreamError('softprovider', 500, 'internal_error', null, 'ORA-1'))
        .message,
    ).toBe('Ups! Ocurrió un error inesperado.');
    expect(
      describeUpstreamFailure(new UpstreamError('payment', 409, 'conflict', 'already_paid', 'Texto interno'))
        .message,
    ).not.toContain('Texto interno');
    expect(describeUpstreamFailure(new UpstreamError('payment', 404, 'not_found', null)).code).toBe(
      'NOT_FOUND',
    );
    expect(describeUpstreamFailure(new UpstreamTimeout('payment', 'GET', '/pagos', 10)).message).toBe(
      TIMEOUT_READ_MESSAGE,
    );
    expect(
      describeUpstreamFailure(new UpstreamTimeout('payment', 'POST', '/pagos/1/cancelar', 10)).message,
    ).toBe(TIMEOUT_WRITE_MESSAGE);
    expect(
      describeUpstreamFailure(new UpstreamUnavailable('payment', 'GET', '/pagos', new Error('x'))),
    ).toMatchObject({
      message: UNAVAILABLE_MESSAGE,
      code: 'UPSTREAM_UNAVAILABLE',
    });
  });
});

describe('a service’s 5xx', () => {
  const leak = 'PG-42P01 relation "lotes_tmp" does not exist @ db-prod-01:5432';

  it('shows neither its code nor its extended code: the generic text and the request id to quote', () => {
    for (const status of [500, 501, 502, 504, 599]) {
      const error = new UpstreamError('lote', status, 'internal_error', leak, leak, 'req-123');
      const { message, ...codes } = describeUpstreamFailure(error);
      expect(message).toBe('Ups! Ocurrió un error inesperado. Referencia: req-123.');
      expect(codes).toEqual({ code: 'UPSTREAM_ERROR', upstreamCode: null, extendedCode: null });
      expect(writeFailure(error)).toEqual({
        outcome: status === 502 || status === 504 ? 'UNKNOWN' : 'FAILED',
        error: expect.objectContaining({ extendedCode: null }),
      });
      expect(JSON.stringify(writeFailure(error))).not.toMatch(/PG-|lotes_tmp|internal_error/);
      expect(JSON.stringify(readFailure(error))).not.toMatch(/PG-|lotes_tmp|internal_error/);
    }
    expect(describeUpstreamFailure(new UpstreamError('lote', 503, 'x', leak, null, 'req-9')).message).toBe(
      `${UNAVAILABLE_MESSAGE} Referencia: req-9.`,
    );
    expect(writeFailure(new UpstreamError('lote', 500, 'internal_error', leak, null, 'r-1'))).toEqual({
      outcome: 'FAILED',
      error: {
        message: 'Ups! Ocurrió un error inesperado. Referencia: r-1.',
        code: 'UPSTREAM_ERROR',
        extendedCode: null,
      },
    });
  });
});

describe('readableServiceMessage (a service message the spec says to show)', () => {
  it('keeps a plain sentence and drops whatever looks like internals', () => {
    expect(readableServiceMessage('  El archivo no tiene el formato esperado.  ')).toBe(
      'El archivo no tiene el formato esperado.',
    );
    for (const internal of [
      'SELECT * FROM pagos WHERE id = 1',
      'ORA-00942: table or view does not exist',
      'java.lang.NullPointerException at com.acme.pagos.PaymentDao.find(PaymentDao.java:42)',
      'host 10.20.30.40 unreachable',
      'see /opt/app/logs',
      'x'.repeat(201),
      '',
      null,
    ]) {
      expect(readableServiceMessage(internal), String(internal)).toBeUndefined();
    }
  });
});

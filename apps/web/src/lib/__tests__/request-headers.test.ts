import { describe, expect, it } from 'vitest';
import { requestHeaders } from '../request-headers';

describe('requestHeaders', () => {
  it('adds source, locale for Spanish browsers and the bearer token', () => {
    expect(requestHeaders(undefined, { token: 'abc', language: 'es-AR' })).toEqual({
      source: 'backoffice',
      locale: 'es_AR',
      authorization: 'Bearer abc',
    });
    expect(requestHeaders({}, { token: 'abc', language: 'es' }).locale).toBe('es_AR');
    expect(requestHeaders({}, { token: 'abc', language: 'ES-es' }).locale).toBe('es_AR');
  });

  it('sends no locale for other languages', () => {
    const headers = requestHeaders({ 'x-request-id': '1' }, { token: 't', language: 'en-US' });
    expect(headers).toEqual({ 'x-request-id': '1', source: 'backoffice', authorization: 'Bearer t' });
    expect(requestHeaders({}, { token: 't', language: undefined }).locale).toBeUndefined();
  });

  it('leaves requests whose source is collector alone', () => {
    expect(requestHeaders({ source: 'collector' }, { token: 't', language: 'es-AR' })).toEqual({
      source: 'collector',
    });
  });
});

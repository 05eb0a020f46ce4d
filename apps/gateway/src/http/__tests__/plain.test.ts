import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { localsOf, pathOf, sendJson } from '../plain.js';

const request = (url: string) => {
  const req = new IncomingMessage(new Socket());
  req.url = url;
  return req;
};

describe('plain node:http helpers', () => {
  it('reads the path without the query string', () => {
    expect(pathOf(request('/graphql?query=%7Bme%7D'))).toBe('/graphql');
    expect(pathOf(request('/files/a/b'))).toBe('/files/a/b');
  });

  it('keeps one locals object per response, the one Express reuses', () => {
    const res = new ServerResponse(request('/'));
    localsOf(res).requestId = 'r-1';
    expect(localsOf(res)).toBe((res as ServerResponse & { locals?: object }).locals);
    expect(localsOf<{ requestId: string }>(res).requestId).toBe('r-1');
  });

  it('answers JSON in UTF-8 with its byte length', () => {
    const res = new ServerResponse(request('/'));
    let written = '';
    res.end = ((chunk: string) => {
      written = chunk;
      return res;
    }) as typeof res.end;
    sendJson(res, 413, { message: 'La solicitud es demasiado grande.' });
    expect(res.statusCode).toBe(413);
    expect(res.getHeader('content-type')).toBe('application/json; charset=utf-8');
    expect(res.getHeader('content-length')).toBe(Buffer.byteLength(written));
    expect(JSON.parse(written)).toEqual({ message: 'La solicitud es demasiado grande.' });
  });
});

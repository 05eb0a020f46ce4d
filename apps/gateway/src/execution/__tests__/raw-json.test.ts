import { describe, expect, it } from 'vitest';
import { RawJson, stringifyResult } from '../raw-json.js';

/** Numbers JSON.parse cannot keep (5e-324 survives, 1e400 becomes Infinity, 0.1e1 becomes 1), and text. */
const STORED = '{"n":[5e-324,1e400,-0,0.1e1,123456789012345678901234567890],"t":"ñandú \\u00e9 😀 \\"x\\""}';

describe('raw JSON in an answer', () => {
  it('splices each stored text into the answer exactly as stored, in order', () => {
    const result = {
      data: {
        preferences: [
          { key: 'a', value: new RawJson(STORED) },
          { key: 'b', value: new RawJson('[1,2]') },
          { key: 'c', value: new RawJson('"texto"') },
        ],
      },
    };
    const text = stringifyResult(result);
    expect(text).toBe(
      `{"data":{"preferences":[{"key":"a","value":${STORED}},{"key":"b","value":[1,2]},` +
        `{"key":"c","value":"texto"}]}}\n`,
    );
    expect(JSON.parse(text).data.preferences[0].value.t).toBe('ñandú é 😀 "x"');
  });

  it('answers without raw values as Apollo does', () => {
    const result = { data: { me: { username: 'operador', note: 'ñ "x"' } }, errors: undefined };
    expect(stringifyResult(result)).toBe(`${JSON.stringify(result)}\n`);
  });

  it('never splices into a string a client wrote, whatever it holds', () => {
    // What a marker looked like without its nonce: a client's text stays text.
    const result = { data: { a: 'raw:0', b: new RawJson('[1]'), c: '"raw:1"' } };
    const parsed = JSON.parse(stringifyResult(result));
    expect(parsed).toEqual({ data: { a: 'raw:0', b: [1], c: '"raw:1"' } });
  });

  it('stringified anywhere else, it is the parsed value', () => {
    expect(JSON.stringify({ value: new RawJson('{"a":[1,"ñ"]}') })).toBe('{"value":{"a":[1,"ñ"]}}');
  });
});

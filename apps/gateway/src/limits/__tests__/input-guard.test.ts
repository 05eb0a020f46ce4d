import { ApolloServer } from '@apollo/server';
import fc from 'fast-check';
import { buildSchema as sdlSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  cleanText,
  findBadInput,
  inputGuardPlugin,
  inputGuardRule,
  jsonTooDeep,
  MAX_JSON_DEPTH,
  problemMessage,
  textProblem,
  withoutFormatCharacters,
} from '../input-guard.js';

const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

/**
 * Any code point, lone surrogates and NUL included, with NULs and surrogates drawn often (a uniform draw over the
 * 1,114,112 code points meets a surrogate once in 544 characters). fast-check's own `unit: 'binary'` builds a
 * table of every code point the first time it is used: 1.4 CPU seconds, which timed this test out on a loaded host.
 */
const anyCodePoint = fc
  .oneof(fc.integer({ min: 0, max: 0x10ffff }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.constant(0))
  .map((codePoint) => String.fromCodePoint(codePoint));

describe('textProblem', () => {
  it('finds a NUL anywhere and a surrogate without its pair, and nothing in well-formed text', () => {
    expect(textProblem('a\u0000b')).toBe('nul');
    expect(textProblem('\u0000')).toBe('nul');
    expect(textProblem('\ud800')).toBe('surrogate');
    expect(textProblem('x\udfffy')).toBe('surrogate');
    expect(textProblem('\ude00\ud83d')).toBe('surrogate'); // both halves, in the wrong order
    expect(textProblem('😀 ñandú \t\n %00 \\u0000')).toBeNull();
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => textProblem(text) === null));
  });

  it('cleans a text for keeping: each bad character becomes U+FFFD, pairs stay', () => {
    expect(cleanText('a\u0000b\ud800c😀\udc00')).toBe('a\ufffdb\ufffdc😀\ufffd');
    expect(cleanText('ñandú')).toBe('ñandú');
    fc.assert(
      fc.property(fc.string({ unit: anyCodePoint }), (text) => textProblem(cleanText(text)) === null),
    );
  });

  it('removes the bidi controls and the other invisible format characters, keeping the joiners', () => {
    // The probe's reason: shown as typed, it read "…Aprobado Cancelado" on a failed action.
    expect(cleanText('Aprobado \u202E odalecnaC \u202C')).toBe('Aprobado  odalecnaC ');
    const bidi = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    for (const control of [
      ...bidi,
      '\u200e',
      '\u200f',
      '\u061c',
      '\u200b',
      '\ufeff',
      '\u00ad',
      '\u2060',
      '\u{e0041}',
    ])
      expect(cleanText(`a${control}b`)).toBe('ab');
    // Emoji sequences and scripts that need the joiners keep them; accents, ñ and pairs are untouched.
    expect(cleanText('👩\u200d💻 می\u200cخواهم ñandú')).toBe('👩\u200d💻 می\u200cخواهم ñandú');
    expect(cleanText('\u0000\u202e')).toBe('\ufffd');
    const formatCharacter = /(?![\u200c\u200d])\p{Cf}/u;
    fc.assert(
      fc.property(fc.string({ unit: anyCodePoint }), (text) => {
        const cleaned = cleanText(text);
        return (
          textProblem(cleaned) === null && !formatCharacter.test(cleaned) && cleanText(cleaned) === cleaned
        );
      }),
    );
  });

  it('words each problem in Spanish, naming the argument when known', () => {
    expect(problemMessage('nul', 'filter.search')).toBe(
      'El texto (filter.search) contiene un carácter nulo (U+0000), que no se admite.',
    );
    expect(problemMessage('surrogate')).toMatch(/^El texto contiene un carácter Unicode incompleto/);
    expect(problemMessage('depth', 'value')).toBe(
      `El valor (value) tiene más de ${MAX_JSON_DEPTH} niveles de anidamiento, el máximo admitido.`,
    );
  });
});

describe('findBadInput', () => {
  it('names the variable and the path inside it', () => {
    expect(findBadInput({ filter: { search: 'a\u0000' } })).toEqual({
      problem: 'nul',
      field: 'filter.search',
      message: problemMessage('nul', 'filter.search'),
    });
    expect(findBadInput({ ok: 'x', ids: ['1', '\ud800'] })?.field).toBe('ids[1]');
    expect(findBadInput({ input: { items: [{ note: 'x\udc00' }] } })?.field).toBe('input.items[0].note');
    expect(findBadInput({ value: { 'k\u0000': 1 } })).toMatchObject({ problem: 'nul', field: 'value' });
    expect(findBadInput({ 'v\u0000': 1 })).toMatchObject({ problem: 'nul', field: 'variables' });
  });

  it(`takes ${MAX_JSON_DEPTH} levels and refuses one more, naming only the variable`, () => {
    expect(findBadInput({ value: nested(MAX_JSON_DEPTH) })).toBeNull();
    expect(findBadInput({ value: nested(MAX_JSON_DEPTH + 1) })).toEqual({
      problem: 'depth',
      field: 'value',
      message: problemMessage('depth', 'value'),
    });
    // The walk stops at the limit: a value far deeper than the stack allows is refused, not a RangeError.
    expect(findBadInput({ value: nested(200_000) })?.problem).toBe('depth');
  });

  it('accepts what valid input looks like', () => {
    expect(findBadInput(undefined)).toBeNull();
    expect(
      findBadInput({ id: '12', n: 3, ok: true, none: null, list: [1, 'a'], o: { a: { b: 'ñ😀' } } }),
    ).toBeNull();
  });
});

describe('jsonTooDeep', () => {
  const body = (value: string) => `{"query":"{ a }","variables":{"v":${value},"w":1}}`;

  it('measures the nesting of a JSON text without parsing it, naming the first keys on the way', () => {
    expect(jsonTooDeep(body(JSON.stringify(nested(MAX_JSON_DEPTH))), MAX_JSON_DEPTH + 2)).toBeNull();
    expect(jsonTooDeep(body(JSON.stringify(nested(MAX_JSON_DEPTH + 1))), MAX_JSON_DEPTH + 2)).toEqual([
      'variables',
      'v',
    ]);
    expect(jsonTooDeep('['.repeat(400_000), 10)).toEqual([]);
    expect(jsonTooDeep('{ "extensions" : {"a": [[[1]]]}}', 3)).toEqual(['extensions', 'a']);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const tricky = JSON.stringify({ a: '[[[[{{{{', b: 'x\\"[[[[', 'c"[': ['"]]]]'] });
    expect(jsonTooDeep(tricky, 2)).toBeNull();
    expect(jsonTooDeep(tricky, 1)).toEqual(['c"[']);
  });

  it('ends a string at the first quote after an even run of backslashes (the indexOf path)', () => {
    // `\\"` is an escaped backslash then the closing quote; `\\\"` an escaped backslash and an escaped quote.
    expect(jsonTooDeep('{"a":"x\\\\","b":[[1]]}', 2)).toEqual(['b']);
    expect(jsonTooDeep('{"a":"x\\\\\\"[[[[[","b":1}', 2)).toBeNull();
    expect(jsonTooDeep('{"a":"never closed [[[[[', 1)).toBeNull();
  });

  it('names the first variable too deep behind any query text (quotes, backslashes and brackets in strings)', () => {
    const depthOf = (value: unknown): number =>
      value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
    const tricky = fc.string({ unit: fc.constantFrom('"', '\\', '[', ']', '{', '}', ':', ',', 'a', ' ') });
    fc.assert(
      fc.property(
        tricky,
        fc.uniqueArray(
          fc.tuple(
            tricky.map((name) => `v${name}`),
            fc.jsonValue({ maxDepth: 5 }),
          ),
          {
            selector: ([name]) => name,
            maxLength: 4,
          },
        ),
        fc.integer({ min: 2, max: 7 }),
        (query, variables, max) => {
          const text = JSON.stringify({ query, variables: Object.fromEntries(variables) });
          const first = variables.find(([, value]) => depthOf(value) + 2 > max);
          expect(jsonTooDeep(text, max)).toEqual(first ? ['variables', first[0]] : null);
        },
      ),
    );
  });

  it('agrees with the depth of any JSON value', () => {
    const depthOf = (value: unknown): number =>
      value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 6 }), (value, max) => {
        expect(jsonTooDeep(JSON.stringify(value), max) !== null).toBe(depthOf(value) > max);
      }),
    );
  });
});

describe('inputGuardRule', () => {
  const schema = sdlSchema(`
    scalar JSON
    input Filter { search: String, tags: [String!] }
    type Query { find(filter: Filter, id: ID, value: JSON): Int }
  `);
  const errorsOf = (document: string) =>
    validate(schema, parse(document), [inputGuardRule]).map((e) => [e.message, e.extensions.field]);

  it('refuses literal arguments and default values with a NUL or too deep, naming the argument', () => {
    expect(errorsOf('{ find(filter: { tags: ["a", "b\\u0000"] }) }')).toEqual([
      [problemMessage('nul', 'filter.tags[1]'), 'filter.tags[1]'],
    ]);
    expect(errorsOf('query($id: ID = "\u0000") { find(id: $id) }')).toEqual([
      [problemMessage('nul', 'id'), 'id'],
    ]);
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect(errorsOf(`{ find(value: ${deep}) }`)).toEqual([[problemMessage('depth', 'value'), 'value']]);
    expect(errorsOf(`{ find(value: ${deep.slice(1, -1)}, filter: { search: "ñ😀" }) }`)).toEqual([]);
  });
});

describe('inputGuardPlugin', () => {
  it('cleans every text of a value, keys included, and keeps the very value when there is nothing to clean', () => {
    const clean = { filter: { search: 'juan', tags: ['a', 'b'] }, value: [{ n: 1 }] };
    expect(withoutFormatCharacters(clean)).toBe(clean);
    expect(
      withoutFormatCharacters({ reason: 'x\u202ey', list: ['\u2066a', 'b'], value: { 'k\u200b': 1 } }),
    ).toEqual({ reason: 'xy', list: ['a', 'b'], value: { k: 1 } });
  });

  it('runs an operation with its variables and literal arguments free of format characters', async () => {
    const seen: unknown[] = [];
    const server = new ApolloServer({
      typeDefs: `
        scalar JSON
        type Query { noop: Int }
        type Mutation { cancel(id: ID!, reason: String, value: JSON): String }
      `,
      resolvers: {
        Mutation: {
          cancel: (_root: unknown, args: Record<string, unknown>) => {
            seen.push(args);
            return String(args.reason);
          },
        },
      },
      plugins: [inputGuardPlugin()],
    });
    await server.start();
    try {
      const run = async (query: string, variables?: Record<string, unknown>) => {
        const { body } = await server.executeOperation({ query, variables });
        return body.kind === 'single' ? body.singleResult : undefined;
      };
      const reason = 'Aprobado \u202E odalecnaC \u202C';
      expect(
        (
          await run('mutation($r: String, $v: JSON) { cancel(id: "1", reason: $r, value: $v) }', {
            r: reason,
            v: { name: 'vista\u2067' },
          })
        )?.data,
      ).toEqual({ cancel: 'Aprobado  odalecnaC ' });
      // A literal argument, as a hand-written request sends it (a GraphQL \u escape), is cleaned the same way.
      const literal = 'mutation { cancel(id: "1\\u200f", reason: "Aprobado \\u202E odalecnaC") }';
      expect((await run(literal))?.data).toEqual({ cancel: 'Aprobado  odalecnaC' });
      expect((await run(literal))?.data).toEqual({ cancel: 'Aprobado  odalecnaC' }); // the kept parse, again
      expect(seen).toEqual([
        { id: '1', reason: 'Aprobado  odalecnaC ', value: { name: 'vista' } },
        { id: '1', reason: 'Aprobado  odalecnaC' },
        { id: '1', reason: 'Aprobado  odalecnaC' },
      ]);
      // A NUL is still refused, in Spanish.
      const refused = await run('mutation($r: String) { cancel(id: "1", reason: $r) }', { r: 'a\u0000' });
      expect(refused?.errors?.[0]?.message).toBe(problemMessage('nul', 'r'));
    } finally {
      await server.stop();
    }
  });
});

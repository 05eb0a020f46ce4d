import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A list's URL codec is put together from the kit's filter parts (`combineFilters`, lib/list/filter-parts.ts):
 * every list that filters alike reads its URL alike. An object written by hand with `params`, `parse` and `write`
 * under features/ is a codec the kit does not know; a part several lists need belongs in filter-parts.ts.
 */
const FEATURES = new URL('../../../features/', import.meta.url).pathname;
const CODEC_KEYS = ['params', 'parse', 'write'];

function sources(): string[] {
  return readdirSync(FEATURES, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes('__tests__') && !file.includes('/gql/'))
    .map((file) => join(FEATURES, file));
}

/** The lines of `text` where an object literal has every key of a filter codec. */
export function handWrittenCodecs(fileName: string, text: string): number[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const keys = node.properties.flatMap((property) =>
        property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
          ? [property.name.text]
          : [],
      );
      if (CODEC_KEYS.every((key) => keys.includes(key))) {
        lines.push(file.getLineAndCharacterOfPosition(node.getStart()).line + 1);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return lines;
}

describe('list filter codecs are built from the kit parts', () => {
  it('finds a codec written by hand (the check can fail)', () => {
    const handWritten = `export const list = { filters: {
      params: ['q'],
      parse: (params) => ({ search: params.get('q') ?? '' }),
      write(filters, params) { params.set('q', filters.search); },
    } };`;
    expect(handWrittenCodecs('list.ts', handWritten)).toEqual([1]);
    expect(
      handWrittenCodecs('list.ts', 'export const list = { filters: combineFilters(SEARCH_TEXT_PART) };'),
    ).toEqual([]);
  });

  it('no list definition under features/ builds its filter codec by hand', () => {
    const found = sources().flatMap((path) =>
      handWrittenCodecs(path, readFileSync(path, 'utf8')).map(
        (line) => `${path.slice(FEATURES.length)}:${line}`,
      ),
    );
    expect(found).toEqual([]);
  });
});

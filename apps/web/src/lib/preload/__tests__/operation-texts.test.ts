import { addTypenameToDocument } from '@apollo/client/utilities';
import { print, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';

/**
 * codegen.ts writes, beside each home's `gql/graphql.ts`, `gql/operation-texts.ts`: each operation's text as Apollo
 * Client sends it. An early request (lib/preload/early-request.ts) sends that text before Apollo loads and hands
 * Apollo the answer as its own, so the two must stay equal: a generated file older than its documents fails here.
 */
const documents = import.meta.glob<Record<string, unknown>>('/src/**/gql/graphql.ts', { eager: true });
const texts = import.meta.glob<Record<string, unknown>>('/src/**/gql/operation-texts.ts', { eager: true });

const homes = Object.keys(documents).map((file) => file.replace(/\/gql\/graphql\.ts$/, ''));

describe("codegen's operation texts", () => {
  it('are written for every home with operations', () => {
    expect(homes.length).toBeGreaterThan(10);
    for (const home of homes) {
      const operations = Object.entries(documents[`${home}/gql/graphql.ts`]!).filter(
        ([name, value]) =>
          name.endsWith('Document') &&
          (value as DocumentNode).definitions?.[0]?.kind === 'OperationDefinition',
      );
      if (operations.length === 0) continue;
      const written = texts[`${home}/gql/operation-texts.ts`];
      expect(written, home).toBeDefined();
      expect(Object.keys(written!).sort(), home).toEqual(
        operations.map(([name]) => name.replace(/Document$/, 'Text')).sort(),
      );
    }
  });

  it.each(homes)('are what Apollo prints for each document of %s', (home) => {
    const written = texts[`${home}/gql/operation-texts.ts`] ?? {};
    const module = documents[`${home}/gql/graphql.ts`]!;
    for (const [name, text] of Object.entries(written)) {
      const document = module[name.replace(/Text$/, 'Document')] as DocumentNode;
      expect(text, name).toBe(print(addTypenameToDocument(document)));
    }
  });
});

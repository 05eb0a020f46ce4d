import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  Kind,
  parse,
  print,
  visit,
  type DefinitionNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { priceOperation } from '../price.js';

/**
 * Every document the web sends, as Apollo Client sends it (`__typename` asked of every object) and at the largest page
 * an operator may choose (100 rows), priced by the gateway's own count: none may be refused by the cost limit.
 */
const webSrc = fileURLToPath(new URL('../../../../web/src/', import.meta.url));

function graphqlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? entry.name === 'gql'
        ? []
        : graphqlFiles(`${dir}${entry.name}/`)
      : entry.name.endsWith('.graphql')
        ? [`${dir}${entry.name}`]
        : [],
  );
}

const TYPENAME = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } } as const;

/** What Apollo Client's cache adds: `__typename` in every selection set but the operation's own. */
function withTypenames<T extends DefinitionNode>(definition: T): T {
  return visit(definition, {
    SelectionSet(set: SelectionSetNode, _key, parent) {
      if ((parent as { kind?: string } | undefined)?.kind === Kind.OPERATION_DEFINITION) return undefined;
      if (set.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename'))
        return undefined;
      return { ...set, selections: [...set.selections, TYPENAME] };
    },
  });
}

const definitions = graphqlFiles(webSrc).flatMap((file) => parse(readFileSync(file, 'utf8')).definitions);
const fragments = new Map(
  definitions
    .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
    .map((d) => [d.name.value, withTypenames(d)]),
);
const operations = definitions
  .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
  .map(withTypenames);

/** The operation with every fragment it spreads, each once. */
function documentOf(operation: OperationDefinitionNode): string {
  const used = new Map<string, FragmentDefinitionNode>();
  const collect = (node: OperationDefinitionNode | FragmentDefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (fragment && !used.has(spread.name.value)) {
          used.set(spread.name.value, fragment);
          collect(fragment);
        }
      },
    });
  collect(operation);
  return [operation, ...used.values()].map((d) => print(d)).join('\n');
}

describe("the web's documents under the cost limit", () => {
  it('prices every query at 100 rows a page, as Apollo sends it, within maxCost', () => {
    expect(operations.length).toBeGreaterThan(50);
    const refused = operations
      .filter((operation) => operation.operation === 'query')
      .map((operation) => ({
        name: operation.name?.value,
        price: priceOperation(documentOf(operation), { variables: { page: 1, pageSize: 100 } }),
      }))
      .filter(({ price }) => price.refusal !== null)
      .map(({ name, price }) => `${name}: ${price.refusal!.message}`);
    expect(refused).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  Kind,
  parse,
  print,
  visit,
  type ASTNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';

/**
 * The web's own GraphQL documents (apps/web/src/features/<feature>/api/*.graphql, payments by default, with the
 * shared fragments of apps/web/src/lib/fragments/), read at test time so that the gateway's tests send exactly
 * what the screens send and cannot drift from them.
 */
const webApiDir = (feature: string) =>
  fileURLToPath(new URL(`../../../web/src/features/${feature}/api/`, import.meta.url));
const sharedFragmentsDir = fileURLToPath(new URL('../../../web/src/lib/fragments/', import.meta.url));

function webDefinitions(feature = 'payments'): {
  operations: Map<string, OperationDefinitionNode>;
  fragments: Map<string, FragmentDefinitionNode>;
} {
  const operations = new Map<string, OperationDefinitionNode>();
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const dir of [sharedFragmentsDir, webApiDir(feature)]) {
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.graphql'))) {
      for (const def of parse(readFileSync(dir + file, 'utf8')).definitions) {
        if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
        if (def.kind === Kind.OPERATION_DEFINITION && def.name) operations.set(def.name.value, def);
      }
    }
  }
  return { operations, fragments };
}

/** The fragments `node` spreads, and theirs, each once (a missing one fails the test that asked). */
function fragmentsUsedBy(nodes: readonly ASTNode[], fragments: Map<string, FragmentDefinitionNode>) {
  const used = new Map<string, FragmentDefinitionNode>();
  const collect = (node: ASTNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        if (used.has(name)) return;
        const fragment = fragments.get(name);
        if (!fragment) throw new Error(`The web's documents define no fragment ${name}.`);
        used.set(name, fragment);
        collect(fragment);
      },
    });
  nodes.forEach(collect);
  return [...used.values()];
}

/** The web's operation `name` (of the feature's api/ folder) with every fragment it uses, printed. */
export function webOperation(name: string, feature = 'payments'): string {
  const { operations, fragments } = webDefinitions(feature);
  const operation = operations.get(name);
  if (!operation) throw new Error(`The web's documents define no operation ${name}.`);
  return print({ kind: Kind.DOCUMENT, definitions: [operation, ...fragmentsUsedBy([operation], fragments)] });
}

/** `operation` (a test's own operation spreading web fragments) with those fragments appended. */
export function withWebFragments(operation: string): string {
  const { fragments } = webDefinitions();
  const document = parse(operation);
  return print({
    kind: Kind.DOCUMENT,
    definitions: [...document.definitions, ...fragmentsUsedBy(document.definitions, fragments)],
  });
}

import { Kind, visit, type DocumentNode } from 'graphql';

/**
 * The enum values a document passes as `argument` to every `field` it selects, one list per selection ([] when
 * the argument is absent): lets a test hold a document's literal arguments (e.g. `actions(kinds: [...])`) to
 * the constants the code reads.
 */
export function enumListArguments(document: DocumentNode, field: string, argument: string): string[][] {
  const found: string[][] = [];
  visit(document, {
    Field(node) {
      if (node.name.value !== field) return;
      const value = node.arguments?.find((arg) => arg.name.value === argument)?.value;
      found.push(
        value?.kind === Kind.LIST
          ? value.values.map((item) => (item.kind === Kind.ENUM ? item.value : `<${item.kind}>`))
          : [],
      );
    },
  });
  return found;
}

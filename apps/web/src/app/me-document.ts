import type { TypedDocumentNode } from '@apollo/client';
import type { MeQuery, MeQueryVariables } from '../gql/graphql';

/**
 * The `Me` operation of me.graphql, written out here so the shell's first chunk does not import
 * src/gql/graphql.ts: codegen's client preset emits every document of every feature into that one module,
 * which would then load with the shell. A unit test keeps this equal to the generated MeDocument.
 */
const field = (name: string, selections?: readonly object[]) => ({
  kind: 'Field',
  name: { kind: 'Name', value: name },
  ...(selections ? { selectionSet: { kind: 'SelectionSet', selections } } : {}),
});

export const MeDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'Me' },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [field('me', [field('username'), field('name'), field('email'), field('permissions')])],
      },
    },
  ],
} as unknown as TypedDocumentNode<MeQuery, MeQueryVariables>;

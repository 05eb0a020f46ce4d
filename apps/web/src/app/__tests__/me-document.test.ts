import { describe, expect, it } from 'vitest';
import { print } from 'graphql';
import { MeDocument as generated } from '../../gql/graphql';
import { MeDocument } from '../me-document';

describe('MeDocument', () => {
  it('is the operation codegen generates from me.graphql', () => {
    expect(print(MeDocument)).toBe(print(generated));
  });
});

import { gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createCache } from '@/lib/apollo';
import { agoText, contentVersion, defaultVersionOf } from '../fresh-record';

const DETAIL = gql`
  query Detail($id: ID!) {
    presentation(id: $id) {
      id
      status
      fileStructure {
        id
        version
      }
      actions {
        kind
        enabled
      }
    }
  }
`;

describe('a record’s freshness', () => {
  it('compares the version, else the last update, else the whole record', () => {
    expect(defaultVersionOf({ version: 3, lastUpdateDate: 'x' })).toBe('v3');
    expect(defaultVersionOf({ lastUpdateDate: '2026-11-23T10:00:00Z' })).toBe('d2026-11-23T10:00:00Z');
    expect(defaultVersionOf({ status: 'A' })).not.toBe(defaultVersionOf({ status: 'B' }));
  });

  it('compares what a record says, but the fields named, when it has no version of its own', () => {
    const withdrawal = contentVersion('collector');
    const shown = { status: 'PENDING', version: '00004', collector: { balance: '10.00' } };
    expect(withdrawal({ ...shown, collector: { balance: '99.00' } })).toBe(withdrawal(shown));
    expect(withdrawal({ ...shown, status: 'AUTHORIZED' })).not.toBe(withdrawal(shown));
    // A batch's `version` is its file layout: the same layout with another status is another version.
    expect(contentVersion()({ ...shown, status: 'AUTHORIZED' })).not.toBe(contentVersion()(shown));
    expect(defaultVersionOf({ ...shown, status: 'AUTHORIZED' })).toBe(defaultVersionOf(shown));
  });

  it('finds the same record read from the cache and from the network the same, whatever the order of its fields', () => {
    // The network's answer: `__typename` where the query put it (last); the cache answers it first.
    const answer = {
      id: '3',
      status: 'CREATED',
      fileStructure: { id: 'F8126', version: '00004', __typename: 'PresentationFileStructure' },
      actions: [{ kind: 'PRESENT', enabled: true, __typename: 'PresentationAction' }],
      __typename: 'Presentation',
    };
    const cache = createCache();
    const query = cache.transformDocument(DETAIL);
    cache.writeQuery({ query, variables: { id: '3' }, data: { presentation: answer } });
    const shown = cache.readQuery<{ presentation: typeof answer }>({
      query,
      variables: { id: '3' },
    })!.presentation;
    expect(JSON.stringify(shown)).not.toBe(JSON.stringify(answer));
    expect(defaultVersionOf(shown)).toBe(defaultVersionOf(answer));
    expect(contentVersion('actions')(shown)).toBe(contentVersion('actions')(answer));
    expect(defaultVersionOf({ ...shown, status: 'PRESENTED' })).not.toBe(defaultVersionOf(answer));
  });

  it('says how long ago in Spanish: seconds, then minutes, then hours', () => {
    expect(agoText(0)).toBe('hace 0 s');
    expect(agoText(59)).toBe('hace 59 s');
    expect(agoText(125)).toBe('hace 2 min');
    expect(agoText(7300)).toBe('hace 2 h');
  });
});

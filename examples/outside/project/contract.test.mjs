// The contract the packed test stack carries (docs/testing-integration.md "Outside this repository"): the
// schema's version as the package's, the SDL at `@backoffice/test-stack/schema.graphql`; its TypeScript types at
// `@backoffice/test-stack/schema` are compiled by ../run.mjs (contract-types.ts).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

const read = (specifier) => readFile(new URL(import.meta.resolve(specifier)), 'utf8');

test('the package carries the schema’s version and exports its SDL', async () => {
  const { version } = JSON.parse(await read('@backoffice/test-stack/package.json'));
  assert.match(version, /^\d+\.\d+\.\d+$/);
  assert.notEqual(version, '0.0.0');
  const sdl = await read('@backoffice/test-stack/schema.graphql');
  assert.ok(sdl.includes(`@backoffice/schema ${version} (semver)`), 'the SDL names the same version');
  assert.match(sdl, /^schema \{$/m);
  assert.match(sdl, /^type Payment \{$/m);
});

test('the package carries the contract’s changelog and its released snapshots, with their permissions', async () => {
  const { version } = JSON.parse(await read('@backoffice/test-stack/package.json'));
  const changelog = await read('@backoffice/test-stack/CHANGELOG.md');
  assert.match(changelog, new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\]`, 'm'));
  // Every version the changelog records since snapshots exist has its snapshot (1.0.0 on).
  const released = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\]/gm)].map((match) => match[1]);
  assert.ok(released.includes('2.0.0'));
  for (const each of released) {
    const snapshot = JSON.parse(await read(`@backoffice/test-stack/released/${each}.json`));
    assert.ok(snapshot.__schema.description.includes(`@backoffice/schema ${each} `), each);
  }
  const current = JSON.parse(await read(`@backoffice/test-stack/released/${version}.json`));
  assert.deepEqual(current.permissions['Query.activity'], [['ACTIVITY_SHOW']]);
});

test('prices a document before it is sent, its page size counted', async () => {
  const { priceOperation } = await import('@backoffice/test-stack');
  const query = 'query List($n: Int) { payments(pageSize: $n) { rows { id status } } }';
  const small = priceOperation(query, { variables: { n: 1 } });
  const large = priceOperation(query, { variables: { n: 100 } });
  assert.ok(large.cost > small.cost, `${large.cost} > ${small.cost}`);
  assert.equal(large.upstreamCalls, 1);
  assert.equal(large.refusal, null);
  assert.equal(large.limits.maxUpstreamCalls, 100);
});

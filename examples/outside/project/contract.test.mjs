// The contract the packed test stack carries (issue 62, docs/testing-integration.md "Outside this repository"): the
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

// Takes the released snapshot of the contract (CHANGELOG.md "Releasing"): the printed schema.graphql's
// introspection result (src/contract.ts `snapshotOf`) written to released/<version>.json, the version being
// package.json's. src/__tests__/contract.test.ts then checks every later change against it.
// `npm run snapshot -w @backoffice/schema` builds the schema (and this package's dist) first. A snapshot that exists
// and differs is kept unless `--retake` is given: a released version is never rewritten once other teams have it
// (retake only a version not yet released, e.g. before its branch is merged).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { version } from './build.mjs';
import { snapshotOf } from './dist/contract.js';

const snapshot = snapshotOf(readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'));
const folder = new URL('./released/', import.meta.url);
const target = new URL(`${version}.json`, folder);
const retake = process.argv.includes('--retake');
mkdirSync(folder, { recursive: true });
if (existsSync(target) && readFileSync(target, 'utf8') !== snapshot && !retake) {
  console.error(
    `released/${version}.json exists and differs from schema.graphql: a released version is never rewritten. ` +
      'Record a new version in CHANGELOG.md and package.json, or pass --retake for a version not yet released.',
  );
  process.exit(1);
}
writeFileSync(target, snapshot);
console.log(`released/${version}.json`);

// Takes the released snapshot of the contract (issue 62, CHANGELOG.md "Releasing"): copies the printed
// schema.graphql to released/<version>.graphql, the version being package.json's. src/__tests__/contract.test.ts
// then checks every later change against it. `npm run snapshot -w @backoffice/schema` builds the schema first.
// A snapshot that exists and differs is kept unless `--retake` is given: a released version is never rewritten
// once other teams have it (retake only a version not yet released, e.g. before its branch is merged).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { version } from './build.mjs';

const schema = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');
const folder = new URL('./released/', import.meta.url);
const target = new URL(`${version}.graphql`, folder);
const retake = process.argv.includes('--retake');
mkdirSync(folder, { recursive: true });
if (existsSync(target) && readFileSync(target, 'utf8') !== schema && !retake) {
  console.error(
    `released/${version}.graphql exists and differs from schema.graphql: a released version is never rewritten. ` +
      'Record a new version in CHANGELOG.md and package.json, or pass --retake for a version not yet released.',
  );
  process.exit(1);
}
writeFileSync(target, schema);
console.log(`released/${version}.graphql`);

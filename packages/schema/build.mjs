// Merges the domain SDL files into one validated schema.graphql: read by the gateway at start,
// by codegen and the sandbox, and checked for drift in CI.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { buildSchema } from 'graphql';

const dir = new URL('./src/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.graphql'))
  .sort((a, b) => (a === 'base.graphql' ? -1 : b === 'base.graphql' ? 1 : a.localeCompare(b)));
export const sdl = files.map((f) => `# --- ${f}\n${readFileSync(new URL(f, dir), 'utf8').trim()}\n`).join('\n');
buildSchema(sdl); // throws on any invalid definition
if (process.argv[2] === '--check') {
  const current = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');
  if (current !== sdl) {
    console.error('schema.graphql is stale: run `npm run build -w @backoffice/schema` and commit it.');
    process.exit(1);
  }
} else {
  writeFileSync(new URL('./schema.graphql', import.meta.url), sdl);
}

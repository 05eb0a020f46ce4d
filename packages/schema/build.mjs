// Merges the domain SDL files into one validated schema.graphql: read by the gateway at start,
// by codegen and the sandbox, and checked for drift in CI.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { buildSchema, Kind, parse, print, visit } from 'graphql';

const dir = new URL('./src/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.graphql'))
  .sort((a, b) => (a === 'base.graphql' ? -1 : b === 'base.graphql' ? 1 : a.localeCompare(b)));
const merged = files.map((f) => `# --- ${f}\n${readFileSync(new URL(f, dir), 'utf8').trim()}\n`).join('\n');

/** The generated line naming a definition's permissions: one line per @auth (every one must be met; any of its list). */
export const permissionLine = (requires) => `Requiere: ${requires.join(' o ')}`;

/**
 * Appends "Requiere: ..." to the description of every field and type carrying @auth, so the file, introspection
 * and the sandbox say which permission each needs; generated here so it never drifts from the directive.
 * Spliced into the text (not re-printed) to keep the source's comments and layout.
 */
const withPermissions = (sdl) => {
  const edits = [];
  const annotate = (node) => {
    const lines = (node.directives ?? [])
      .filter((d) => d.name.value === 'auth')
      .map((d) => {
        const arg = d.arguments.find((a) => a.name.value === 'requires');
        return permissionLine(arg.value.values.map((v) => v.value));
      });
    if (lines.length === 0) return;
    const indent = ' '.repeat(node.loc.startToken.column - 1);
    const text = [node.description?.value, ...lines].filter(Boolean).join('\n\n');
    const block = print({ kind: Kind.STRING, value: text, block: true })
      .split('\n')
      .map((line, i) => (i === 0 || line === '' ? line : indent + line))
      .join('\n');
    if (node.description)
      edits.push({ start: node.description.loc.start, end: node.description.loc.end, block });
    else edits.push({ start: node.loc.start, end: node.loc.start, block: `${block}\n${indent}` });
  };
  visit(parse(sdl), {
    FieldDefinition: annotate,
    ObjectTypeDefinition: annotate,
    ObjectTypeExtension: annotate,
  });
  return edits
    .sort((a, b) => b.start - a.start)
    .reduce((text, e) => text.slice(0, e.start) + e.block + text.slice(e.end), sdl);
};

/** The contract's version (semver, package.json; CHANGELOG.md says what each one changed). */
export const version = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version;

/**
 * The schema's own description names its version, so the printed file, introspection (`__schema { description }`)
 * and the sandbox's docs say which contract they are.
 */
const schemaDefinition = `${print({
  kind: Kind.STRING,
  value: `Contrato del back-office: @backoffice/schema ${version} (semver). Qué cambió en cada versión y la política de deprecación: packages/schema/CHANGELOG.md.`,
  block: true,
})}
schema {
  query: Query
  mutation: Mutation
}
`;

export const sdl = `${withPermissions(merged)}\n${schemaDefinition}`;
buildSchema(sdl); // throws on any invalid definition
if (process.argv[1] !== new URL(import.meta.url).pathname) {
  // imported (by a test): composing is all it asks
} else if (process.argv[2] === '--check') {
  const current = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');
  if (current !== sdl) {
    console.error('schema.graphql is stale: run `npm run build -w @backoffice/schema` and commit it.');
    process.exit(1);
  }
} else {
  writeFileSync(new URL('./schema.graphql', import.meta.url), sdl);
}

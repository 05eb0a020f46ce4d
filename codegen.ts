import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { addTypenameToDocument } from '@apollo/client/utilities';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { print, type DocumentNode } from 'graphql';

type Outputs = CodegenConfig['generates'];

const WEB = 'apps/web/src';
const scalars = { DateTime: 'string', Decimal: 'string', JSON: 'unknown' };

/** Whether `dir` holds a .graphql document at any depth (generated `gql/` folders aside). */
function hasDocuments(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory()
      ? entry.name !== 'gql' && hasDocuments(`${dir}/${entry.name}`)
      : entry.name.endsWith('.graphql'),
  );
}

function subdirs(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${dir}/${entry.name}`)
    : [];
}

/**
 * Document homes of the web, each with its own generated `gql/graphql.ts`: the shell (`app`),
 * shared code (`lib`, whose `gql/` also holds SCHEMA_TYPES), every feature, and every shared component
 * folder that owns documents. A screen's documents then land in that screen's lazy chunk, never in a module
 * every screen loads. Shared fragments live in `lib/fragments/*.graphql` and are compiled into every home.
 */
const homes = [
  `${WEB}/app`,
  `${WEB}/lib`,
  ...subdirs(`${WEB}/features`),
  ...subdirs(`${WEB}/components`).filter(hasDocuments),
];

/**
 * The schema's types (objects, enums, inputs, scalars), written once for every home: each home's `graphql.ts`
 * holds only its documents and their result and variable types, which name the schema's types through this file,
 * and re-exports it, so a caller still imports an enum or an input from its own home's `gql/graphql`. Before,
 * every home carried the whole schema (21 copies, ~80,000 lines that `tsc` read on every type check).
 */
const SCHEMA_TYPES = `${WEB}/lib/gql/schema-types.ts`;

/** The import of SCHEMA_TYPES from a home's `gql/` folder (extensionless: the web resolves like Vite). */
function schemaTypesFrom(home: string): string {
  const path = relative(`${home}/gql`, SCHEMA_TYPES).replace(/\.ts$/, '');
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * Each home's `gql/graphql.ts`: the typed documents (typed-document-node, as the client preset wrote them) and
 * their operation types (typescript-operations, naming schema types as `Types.X`). The client preset is not used:
 * it always adds the whole schema's types and does not forward `namespacedImportName`; its `graphql()` function
 * (`gql.ts`) was never imported.
 */
const webOutputs: Outputs = Object.fromEntries(
  homes.map((home) => [
    `${home}/gql/graphql.ts`,
    {
      documents: [`${home}/**/*.graphql`, `${WEB}/lib/fragments/*.graphql`],
      plugins: [
        {
          add: {
            content: [
              '/* eslint-disable */',
              `import type * as Types from '${schemaTypesFrom(home)}';`,
              `export type * from '${schemaTypesFrom(home)}';`,
            ],
          },
        },
        'typescript-operations',
        'typed-document-node',
      ],
      config: { scalars, enumsAsTypes: true, useTypeImports: true, namespacedImportName: 'Types' },
    },
  ]),
);

/** A typed document as typed-document-node writes it: one line, its AST as JSON. */
const TYPED_DOCUMENT = /^export const (\w+)Document = (\{.*\}) as unknown as DocumentNode<.*>;$/gm;

/**
 * Next to each home's `gql/graphql.ts`, `gql/operation-texts.ts`: every operation's text exactly as Apollo Client
 * sends it (`print(addTypenameToDocument(document))`, as `HttpLink` prints the cache's transformed document), from
 * the very AST the home's `graphql.ts` holds. A route's first request leaves with `fetch` before Apollo loads
 * (lib/preload/early-request.ts) and its answer is handed to Apollo as its own: it must be the same request.
 * A module of its own, so the text loads without the home's documents.
 */
function writeOperationTexts(...files: string[]): void {
  const trusted = new Map<string, string>();
  for (const file of files.filter((name) => /\/gql\/graphql\.ts$/.test(name))) {
    const source = readFileSync(file, 'utf8');
    const declared = source.match(/^export const \w+Document = /gm)?.length ?? 0;
    const documents = [...source.matchAll(TYPED_DOCUMENT)].map(([, name, json]) => ({
      name: name!,
      document: JSON.parse(json!) as DocumentNode,
    }));
    if (documents.length !== declared) {
      throw new Error(
        `codegen: ${file} declares ${declared} documents, ${documents.length} read (codegen.ts)`,
      );
    }
    const operations = documents
      .filter(({ document }) => document.definitions[0]?.kind === 'OperationDefinition')
      .map(({ name, document }) => ({ name, text: print(addTypenameToDocument(document)) }));
    for (const { text } of operations) trusted.set(createHash('sha256').update(text).digest('hex'), text);
    const texts = operations.map(
      ({ name, text }) =>
        `/** ${name} as Apollo Client sends it (with \`__typename\`). */\nexport const ${name}Text = ${JSON.stringify(text)};`,
    );
    if (texts.length === 0) continue;
    writeFileSync(
      join(dirname(file), 'operation-texts.ts'),
      ['// Written by codegen.ts (writeOperationTexts); gql/ folders are outside lint.', ...texts, ''].join(
        '\n',
      ),
    );
  }
  writeTrustedDocuments(trusted);
}

/**
 * The web's trusted documents for the gateway (`apps/gateway/src/generated/web-documents.ts`): every operation the
 * web sends, by the SHA-256 of its text as Apollo sends it. The web sends the hash alone; the gateway runs these
 * by hash and, in production, only these for the web's client (docs/decisions.md, "Trusted documents").
 */
function writeTrustedDocuments(trusted: ReadonlyMap<string, string>): void {
  const entries = [...trusted].sort(([a], [b]) => a.localeCompare(b));
  writeFileSync(
    'apps/gateway/src/generated/web-documents.ts',
    [
      '// Written by codegen.ts (writeTrustedDocuments): the web\'s operations by the SHA-256 of their text.',
      `export const WEB_DOCUMENTS: ReadonlyMap<string, string> = new Map(${JSON.stringify(entries)});`,
      '',
    ].join('\n'),
  );
}

// One schema, two consumers: resolver types for the gateway, typed documents for the web.
const GATEWAY_MODULES = 'apps/gateway/src/modules';

/**
 * The gateway's mapped models, each the resolvers' parent of one GraphQL type: every `export type|interface
 * <Name>Model` of a module whose doc comment says `@mapper <GraphQLType>`, so a module declares its own and no
 * list here has to follow the modules (docs/architecture.md §3).
 */
function gatewayMappers(): Record<string, string> {
  const tagged = /@mapper (\w+)\s*(?:\n\s*)?\*\/\s*export (?:type|interface) (\w+)/g;
  const mappers: Record<string, string> = {};
  // The shared homes too: `shared/operation-error.ts` maps OperationError.
  for (const module of [...subdirs(GATEWAY_MODULES), 'apps/gateway/src/shared']) {
    for (const file of readdirSync(module).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    )) {
      for (const [, graphqlType, model] of readFileSync(`${module}/${file}`, 'utf8').matchAll(tagged)) {
        if (mappers[graphqlType!]) throw new Error(`codegen: two models say @mapper ${graphqlType}`);
        const modulePath = `${module.replace('apps/gateway/src/', '../')}/${file.replace(/\.ts$/, '.js')}`;
        mappers[graphqlType!] = `${modulePath}#${model}`;
      }
    }
  }
  return mappers;
}

const config: CodegenConfig = {
  schema: 'packages/schema/src/*.graphql',
  ignoreNoDocuments: true,
  // Each home's `gql/` folder holds only what this run writes (no file of an older layout, e.g. the client
  // preset's `gql.ts`, is left to be type-checked).
  hooks: {
    afterStart: () => homes.forEach((home) => rmSync(`${home}/gql`, { recursive: true, force: true })),
    afterAllFileWrite: writeOperationTexts,
  },
  generates: {
    'apps/gateway/src/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useIndexSignature: true,
        contextType: '../gateway-context.js#GatewayContext',
        scalars,
        enumsAsTypes: true,
        mapperTypeSuffix: 'Model',
        // The parent of a document's field resolvers is the mapped upstream document: what depends on the request
        // (`actions`, links, `collector`) is resolved from it only when asked, never copied into a new object
        // (docs/decisions.md, "Rows are mapped models"). Every document type with actions is mapped here.
        mappers: gatewayMappers(),
        avoidOptionals: false,
      },
    },
    [SCHEMA_TYPES]: {
      plugins: [{ add: { content: '/* eslint-disable */' } }, 'typescript'],
      // As the client preset configured it: an optional input field also takes undefined.
      config: { scalars, enumsAsTypes: true, useTypeImports: true, inputMaybeValue: 'T | null | undefined' },
    },
    ...webOutputs,
    // The schema's interfaces and unions and the types that implement them, for Apollo's cache: without them a
    // shared fragment on an interface (lib/fragments: ActionState, ListPage, OperationResult) matches no object.
    [`${WEB}/lib/gql/possible-types.ts`]: {
      plugins: ['fragment-matcher'],
      config: { module: 'es2015', useExplicitTyping: true },
    },
  },
};

export default config;

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { CodegenConfig } from '@graphql-codegen/cli';

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
 * Document homes of the web, each with its own generated `gql/` folder (client preset): the shell (`app`),
 * shared code (`lib`: schema types only, unless it gains documents), every feature, and every shared component
 * folder that owns documents. A screen's documents then land in that screen's lazy chunk, never in a module
 * every screen loads. Shared fragments live in `lib/fragments/*.graphql` and are compiled into every home.
 */
const homes = [
  `${WEB}/app`,
  `${WEB}/lib`,
  ...subdirs(`${WEB}/features`),
  ...subdirs(`${WEB}/components`).filter(hasDocuments),
];

const webOutputs: Outputs = Object.fromEntries(
  homes.map((home) => [
    `${home}/gql/`,
    {
      documents: [`${home}/**/*.graphql`, `${WEB}/lib/fragments/*.graphql`],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { scalars, enumsAsTypes: true, useTypeImports: true },
    },
  ]),
);

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
  for (const module of subdirs(GATEWAY_MODULES)) {
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

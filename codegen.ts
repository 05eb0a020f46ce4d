import type { CodegenConfig } from '@graphql-codegen/cli';

// One schema, two consumers: resolver types for the gateway, typed documents for the web.
const config: CodegenConfig = {
  schema: 'packages/schema/src/*.graphql',
  ignoreNoDocuments: true,
  generates: {
    'apps/gateway/src/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useIndexSignature: true,
        contextType: '../context.js#GatewayContext',
        scalars: { DateTime: 'string', Decimal: 'string', JSON: 'unknown' },
        enumsAsTypes: true,
        mapperTypeSuffix: 'Model',
        avoidOptionals: false,
      },
    },
    'apps/web/src/gql/': {
      documents: ['apps/web/src/**/*.graphql'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        scalars: { DateTime: 'string', Decimal: 'string', JSON: 'unknown' },
        enumsAsTypes: true,
        useTypeImports: true,
      },
    },
  },
};

export default config;

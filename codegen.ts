import { existsSync, readdirSync } from 'node:fs';
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
        mappers: {
          Payment: '../modules/payments/payments.mappers.js#PaymentModel',
          PayerSubscription: '../modules/subscriptions/subscriptions.mappers.js#SubscriptionModel',
          Presentation: '../modules/afip/afip.mappers.js#PresentationModel',
          WithdrawalBatch: '../modules/batches/batches.mappers.js#BatchModel',
          CardBin: '../modules/bins/bins.mappers.js#CardBinModel',
          Distribution: '../modules/distributions/distributions.mappers.js#DistributionModel',
          DistributionDetail: '../modules/distributions/distributions.mappers.js#DistributionDetailModel',
          Export: '../modules/exports/exports.mappers.js#ExportModel',
          PaymentImport: '../modules/imports/imports.mappers.js#ImportModel',
          GatewayBatch: '../modules/service-payments/service-payments.mappers.js#GatewayBatchModel',
          SoftProviderItem: '../modules/softprovider/softprovider.mappers.js#SoftProviderModel',
          TransferConciliation: '../modules/transfers/transfers.rules.js#TransferModel',
          Withdraw: '../modules/withdrawals/withdrawals.mappers.js#WithdrawModel',
          Withdrawal: '../modules/withdrawals/withdrawals.mappers.js#WithdrawalModel',
        },
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

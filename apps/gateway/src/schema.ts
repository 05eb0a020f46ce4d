import { PREVIOUS_MAJORS, typeDefs, type ServedMajor } from '@backoffice/schema';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { applyAuthDirective } from './auth/auth-directive.js';
import { buildMajorSchema } from './execution/majors.js';
import { withMoneyPipeline } from './money/pipeline.js';
import type { Resolvers } from './generated/resolvers-types.js';
import { MODULES } from './modules.js';
import { DateTimeScalar, DecimalScalar, JSONScalar } from './scalars.js';
import { answerRefusalsAsPayloads, operationErrorResolvers } from './shared/operation-error.js';

const baseResolvers: Resolvers = {
  Decimal: DecimalScalar,
  DateTime: DateTimeScalar,
  JSON: JSONScalar,
  OperationError: operationErrorResolvers,
};

export const resolvers: Resolvers[] = [baseResolvers, ...MODULES.map((m) => m.resolvers)];

/** The executable schema without the @auth wrappers (for tests that inspect the directives). */
export const buildBaseSchema = (): GraphQLSchema =>
  answerRefusalsAsPayloads(
    makeExecutableSchema({
      typeDefs,
      resolvers: resolvers as Parameters<typeof makeExecutableSchema>[0]['resolvers'],
    }),
  );

/**
 * The gateway's schema: SDL + resolvers, refusals answered as payloads, every root mutation through the money
 * pipeline (money/pipeline.ts), then @auth applied LAST so no field escapes it.
 */
export const buildSchema = (): GraphQLSchema => applyAuthDirective(withMoneyPipeline(buildBaseSchema()));

/**
 * The previous majors still served (packages/schema/majors/), each at its own path with its own SDL, over the same
 * resolvers, money pipeline and @auth (execution/majors.ts).
 */
export const buildPreviousMajors = (): { major: ServedMajor; schema: GraphQLSchema }[] =>
  PREVIOUS_MAJORS.map((major) => ({
    major,
    schema: buildMajorSchema(major, {
      resolvers,
      current: buildBaseSchema(),
      pipeline: withMoneyPipeline,
      auth: applyAuthDirective,
    }),
  }));

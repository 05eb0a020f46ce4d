import { typeDefs } from '@backoffice/schema';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { applyAuthDirective } from './auth/auth-directive.js';
import type { Resolvers } from './generated/resolvers-types.js';
import { collectorsResolvers } from './modules/collectors/collectors.resolvers.js';
import { meResolvers } from './modules/me/me.resolvers.js';
import { notificationsResolvers } from './modules/notifications/notifications.resolvers.js';
import { paymentsResolvers } from './modules/payments/payments.resolvers.js';
import { DateTimeScalar, DecimalScalar, JSONScalar } from './scalars.js';

const baseResolvers: Resolvers = {
  Decimal: DecimalScalar,
  DateTime: DateTimeScalar,
  JSON: JSONScalar,
  Mutation: {
    _empty: () => null,
  },
};

export const resolvers: Resolvers[] = [
  baseResolvers,
  meResolvers,
  paymentsResolvers,
  collectorsResolvers,
  notificationsResolvers,
];

/** The executable schema without the @auth wrappers (for tests that inspect the directives). */
export const buildBaseSchema = (): GraphQLSchema =>
  makeExecutableSchema({
    typeDefs,
    resolvers: resolvers as Parameters<typeof makeExecutableSchema>[0]['resolvers'],
  });

/** The gateway's schema: SDL + resolvers, then @auth applied LAST so no field escapes it. */
export const buildSchema = (): GraphQLSchema => applyAuthDirective(buildBaseSchema());

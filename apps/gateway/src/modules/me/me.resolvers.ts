import type { Resolvers } from '../../generated/resolvers-types.js';

/** The signed-in user, straight from the verified token claims. */
export const meResolvers: Resolvers = {
  Query: {
    me: (_root, _args, { user }) => ({
      username: user.username,
      name: user.name,
      email: user.email,
      permissions: user.permissions,
    }),
  },
};

/**
 * A previous major of the contract served beside the current one (packages/schema/majors/, CHANGELOG.md "Supported
 * majors"): its own SDL at its own path (`/graphql/v1`), answered by the current resolvers, with what that major
 * answered differently put back here, and nowhere else:
 *
 * - `OperationError.code` is the code as it was decided (a String: `invalid_status`, `ACTION_NOT_ALLOWED`), not the
 *   current enum;
 * - an argument the gateway refuses is an error in `errors[]` (BAD_USER_INPUT), not a FAILED payload: the current
 *   schema's `answerRefusalsAsPayloads` is not applied;
 * - `setPreference` and `mergePreference` answer the bare `Preference`;
 * - a mutation whose key that major did not require (or did not have) runs without the client's key: the gateway
 *   makes one per call, so it is recorded and sent as every write is, and a retry is a new write, as then.
 */
import { randomUUID } from 'node:crypto';
import type { ServedMajor } from '@backoffice/schema';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { defaultFieldResolver, type GraphQLSchema } from 'graphql';

const KEY_ARG = 'idempotencyKey';

/** `OperationError.code` as it was decided, over the current enum's resolver (merged last). */
const PREVIOUS_CODE = { OperationError: { code: (error: { code?: string | null }) => error.code ?? null } };

/** The mutations that answered the bare `Preference` (the current ones answer `PreferencePayload`). */
const BARE_PREFERENCE = ['setPreference', 'mergePreference'];

/**
 * Wraps every mutation whose current field takes a key that this major's field does not require: without one from
 * the client, the call gets its own (`v1-<uuid>`).
 */
function withMadeKeys(schema: GraphQLSchema, current: GraphQLSchema, major: number): GraphQLSchema {
  const now = current.getMutationType()?.getFields() ?? {};
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    if (!now[field.name]?.args.some((arg) => arg.name === KEY_ARG)) continue;
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = (source, args: Record<string, unknown>, context, info) =>
      resolve(
        source,
        args[KEY_ARG] == null ? { ...args, [KEY_ARG]: `v${major}-${randomUUID()}` } : args,
        context,
        info,
      );
  }
  return schema;
}

export interface MajorSchemaParts {
  /** The current resolvers, every module's (schema.ts). */
  resolvers: readonly object[];
  /** The current executable schema (before @auth), to read which mutations take a key. */
  current: GraphQLSchema;
  /** The money pipeline and @auth, applied as to the current schema (schema.ts). */
  pipeline: (schema: GraphQLSchema) => GraphQLSchema;
  auth: (schema: GraphQLSchema) => GraphQLSchema;
}

/** The executable schema of a previous major: its SDL, the current resolvers, its own answers (above). */
export function buildMajorSchema(major: ServedMajor, parts: MajorSchemaParts): GraphQLSchema {
  const executable = makeExecutableSchema({
    typeDefs: major.typeDefs,
    resolvers: [...parts.resolvers, PREVIOUS_CODE] as Parameters<typeof makeExecutableSchema>[0]['resolvers'],
    // The current resolvers name types and fields this major does not have (PreferencePayload, serviceCode...).
    resolverValidationOptions: { requireResolversToMatchSchema: 'ignore' },
  });
  const mutations = executable.getMutationType()?.getFields() ?? {};
  for (const field of BARE_PREFERENCE.map((name) => mutations[name])) {
    if (!field) continue;
    const resolve = field.resolve ?? defaultFieldResolver;
    // A refusal was thrown (no payloads as refusals here), so what comes back is a written preference or none.
    field.resolve = async (source, args, context, info) =>
      ((await resolve(source, args, context, info)) as { preference?: unknown } | null)?.preference ?? null;
  }
  return parts.auth(withMadeKeys(parts.pipeline(executable), parts.current, major.major));
}

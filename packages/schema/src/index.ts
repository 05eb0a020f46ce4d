import { readdirSync, readFileSync } from 'node:fs';
import { buildSchema, type GraphQLEnumType } from 'graphql';

/** The merged SDL (built by build.mjs); the same file sits one level above src/ and dist/. */
export const typeDefs: string = readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8');

/** The contract's version (semver): package.json's, also in the printed schema's description (build.mjs). */
export const SCHEMA_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * A previous major version the gateway still serves beside the current one (majors/<major>.json): its last
 * release's SDL, frozen, answered at its own path by the same resolvers, until `servedUntil`
 * (CHANGELOG.md, "Supported majors").
 */
export interface ServedMajor {
  major: number;
  /** Its last release (`1.0.0`), whose snapshot in released/ its SDL must not break. */
  version: string;
  /** Where the gateway serves it (`/graphql/v1`). */
  path: string;
  /** The day the next major deprecated it, and the last day it is served (ISO dates). */
  deprecatedOn: string;
  servedUntil: string;
  typeDefs: string;
}

const majorsDir = new URL('../majors/', import.meta.url);

/** The previous majors served beside the current one, oldest first. */
export const PREVIOUS_MAJORS: readonly ServedMajor[] = readdirSync(majorsDir)
  .filter((name) => /^\d+\.json$/.test(name))
  .map((name) => {
    const { sdl, ...rest } = JSON.parse(readFileSync(new URL(name, majorsDir), 'utf8')) as Omit<
      ServedMajor,
      'major' | 'typeDefs'
    > & { sdl: string };
    return { major: Number.parseInt(name, 10), ...rest, typeDefs: sdl };
  })
  .sort((a, b) => a.major - b.major);

const schema = buildSchema(typeDefs);

/** Every value of one of the schema's enums, in declaration order (a test's cases, a check against a list). */
export const enumValues = (name: string): readonly string[] =>
  (schema.getType(name) as GraphQLEnumType).getValues().map((v) => v.name);

/** Every value of the Permission enum, in declaration order. */
export const PERMISSIONS: readonly string[] = enumValues('Permission');

/** PAYMENT_REFUND -> payment-refund (the Keycloak client role). */
export const permissionToRole = (permission: string): string => permission.toLowerCase().replaceAll('_', '-');

/** payment-refund -> PAYMENT_REFUND, or undefined when the role is not a permission. */
export const roleToPermission = (role: string): string | undefined => {
  const name = role.toUpperCase().replaceAll('-', '_');
  return PERMISSIONS.includes(name) ? name : undefined;
};

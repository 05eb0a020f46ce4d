import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLEnumType } from 'graphql';

/** The merged SDL (built by build.mjs); the same file sits one level above src/ and dist/. */
export const typeDefs: string = readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8');

/** Every value of the Permission enum, in declaration order. */
export const PERMISSIONS: readonly string[] = (buildSchema(typeDefs).getType('Permission') as GraphQLEnumType)
  .getValues()
  .map((v) => v.name);

/** PAYMENT_REFUND -> payment-refund (the Keycloak client role). */
export const permissionToRole = (permission: string): string => permission.toLowerCase().replaceAll('_', '-');

/** payment-refund -> PAYMENT_REFUND, or undefined when the role is not a permission. */
export const roleToPermission = (role: string): string | undefined => {
  const name = role.toUpperCase().replaceAll('-', '_');
  return PERMISSIONS.includes(name) ? name : undefined;
};

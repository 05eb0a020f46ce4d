import { getDirective, MapperKind, mapSchema } from '@graphql-tools/utils';
import {
  defaultFieldResolver,
  isObjectType,
  type GraphQLFieldConfig,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import type { GatewayContext } from '../gateway-context.js';
import { forbidden, unauthenticated } from '../errors.js';
import { hasAnyPermission } from './permissions.js';

export const AUTH_DIRECTIVE = 'auth';

/**
 * Requirement groups of a field: the field's own @auth and its type's @auth. Every group must be met,
 * each by ANY of its permissions. Empty: only a signed-in user is needed.
 */
export type Requirements = string[][];

function requirementsOf(
  schema: GraphQLSchema,
  type: GraphQLNamedType,
  field: GraphQLFieldConfig<unknown, unknown>,
): Requirements {
  const groups: Requirements = [];
  for (const node of [type, field] as const) {
    for (const args of getDirective(schema, node, AUTH_DIRECTIVE) ?? []) {
      groups.push([...((args.requires as string[] | undefined) ?? [])]);
    }
  }
  return groups;
}

/** True when the permissions meet every requirement group. */
export const meetsRequirements = (permissions: readonly string[], requirements: Requirements): boolean =>
  requirements.every((group) => hasAnyPermission(permissions, group));

/**
 * Wraps every field carrying @auth (on the field or on its object type) with a permission check that runs
 * before the resolver: a denied caller gets FORBIDDEN and the resolver, hence the upstream, is never called.
 * Root fields without @auth still require a signed-in user. Apply it LAST: fields added later are not wrapped.
 */
export function applyAuthDirective(schema: GraphQLSchema): GraphQLSchema {
  const rootTypes = new Set(
    [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]
      .filter(Boolean)
      .map((t) => t!.name),
  );
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (fieldConfig, _fieldName, typeName) => {
      const type = schema.getType(typeName)!;
      const requirements = requirementsOf(schema, type, fieldConfig as GraphQLFieldConfig<unknown, unknown>);
      if (!requirements.length && !rootTypes.has(typeName)) return fieldConfig;
      const resolve = fieldConfig.resolve ?? defaultFieldResolver;
      return {
        ...fieldConfig,
        resolve(source, args, context: GatewayContext, info) {
          const user = context?.user;
          if (!user) throw unauthenticated();
          if (!meetsRequirements(user.permissions, requirements)) throw forbidden();
          return resolve(source, args, context, info);
        },
      };
    },
  });
}

export interface FieldPermissions {
  /** Schema coordinate, e.g. "Query.payments". */
  coordinate: string;
  typeName: string;
  fieldName: string;
  requirements: Requirements;
}

/** Every field of every object type with its @auth requirements (for the role matrix and the coverage test). */
export function listFieldPermissions(schema: GraphQLSchema): FieldPermissions[] {
  const out: FieldPermissions[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const fields = type.toConfig().fields;
    for (const [fieldName, field] of Object.entries(fields)) {
      out.push({
        coordinate: `${type.name}.${fieldName}`,
        typeName: type.name,
        fieldName,
        requirements: requirementsOf(schema, type, field as GraphQLFieldConfig<unknown, unknown>),
      });
    }
  }
  return out;
}

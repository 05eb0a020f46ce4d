/**
 * The schema as a versioned contract (issue 62, packages/schema/CHANGELOG.md): the last released schema is a
 * committed snapshot (`released/<version>.json`, its introspection result, the format schema registries and
 * graphql-inspector read; taken by `npm run snapshot -w @backoffice/schema`), and a
 * change that breaks it (graphql-js's own `findBreakingChanges`: a field, argument, type or enum value removed, a
 * type changed, a new required argument...) is allowed only when the changelog records a new major version.
 * A field or argument goes away only after a release that marked it `@deprecated(reason: "... Se elimina en
 * N.0.0.")`. Checked by src/__tests__/contract.test.ts, part of `npm test`.
 */
import {
  buildClientSchema,
  buildSchema,
  findBreakingChanges,
  findDangerousChanges,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  introspectionFromSchema,
  isObjectType,
  type BreakingChange,
  type DangerousChange,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';

/** A released snapshot's text: the schema's introspection result, with everything a client can see. */
export function snapshotOf(sdl: string): string {
  const introspection = introspectionFromSchema(buildSchema(sdl), {
    descriptions: true,
    specifiedByUrl: true,
    directiveIsRepeatable: true,
    schemaDescription: true,
    inputValueDeprecation: true,
  });
  return `${JSON.stringify(introspection, null, 1)}\n`;
}

/** The schema a released snapshot holds. */
export function schemaOfSnapshot(text: string): GraphQLSchema {
  return buildClientSchema(JSON.parse(text) as IntrospectionQuery);
}

/** `1.2.3` → [1, 2, 3]; null when the text is not a plain semver version. */
export function parseVersion(text: string): [number, number, number] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** Negative when `a` is older than `b`, 0 when equal, positive when newer (plain semver versions). */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  if (!x || !y) throw new Error(`Not a semver version: ${x ? b : a}`);
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/**
 * The versions a Keep a Changelog file records as released, newest first: its `## [1.2.0] - 2026-11-27`
 * headings ("Unreleased" is not one).
 */
export function changelogVersions(changelog: string): string[] {
  const versions = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\]/gm)].map((match) => match[1]!);
  return versions.sort((a, b) => compareVersions(b, a));
}

/** The newest version among snapshot file names (`1.0.0.json`), or null when there is none. */
export function latestSnapshot(fileNames: readonly string[]): string | null {
  const versions = fileNames
    .map((name) => /^(\d+\.\d+\.\d+)\.json$/.exec(name)?.[1])
    .filter((version): version is string => version !== undefined);
  return versions.sort((a, b) => compareVersions(b, a))[0] ?? null;
}

export interface ContractInput {
  /** The last released schema: its version and schema (`schemaOfSnapshot`). */
  released: { version: string; schema: GraphQLSchema };
  /** The schema as it is now (schema.graphql). */
  current: GraphQLSchema;
  /** CHANGELOG.md's text. */
  changelog: string;
}

export interface ContractCheck {
  /** What breaks a client of the released schema. */
  breaking: BreakingChange[];
  /** What may change a client's behaviour without breaking it (an enum value or an optional argument added...). */
  dangerous: DangerousChange[];
  /** The newest version the changelog records, or null. */
  recorded: string | null;
  /**
   * What goes away without the released schema having deprecated it: a field, input field, argument or enum value
   * removed (`Payment.legacyCode`, `Query.payments(sort)`, `PaymentStatus.OLD`). Never allowed, a new major version
   * or not: deprecate it in one release, remove it in a later major one.
   */
  undeprecated: string[];
  /**
   * True when nothing breaks, or the changelog records a new major version over the released one and nothing
   * removed went away without its deprecation.
   */
  allowed: boolean;
  /** Why it is not allowed (null when it is): every breaking change, one a line. */
  problem: string | null;
}

/**
 * Whether what a removal names (graphql-js's description: "Payment.legacyCode was removed.", "Query.payments arg
 * sort was removed.", "OLD was removed from enum type PaymentStatus.") carried a deprecation in `released`;
 * undefined for a removal that cannot be deprecated (a type, a union member, a directive).
 */
function removedName(
  change: BreakingChange,
  released: GraphQLSchema,
): { name: string; deprecated: boolean } | null {
  const field = /^(\w+)\.(\w+) was removed\.$/.exec(change.description);
  const arg = /^(\w+)\.(\w+) arg (\w+) was removed\.$/.exec(change.description);
  const value = /^(\w+) was removed from enum type (\w+)\.$/.exec(change.description);
  if (field) {
    const type = released.getType(field[1]!);
    const fields =
      type && (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type))
        ? type.getFields()
        : {};
    return { name: `${field[1]}.${field[2]}`, deprecated: Boolean(fields[field[2]!]?.deprecationReason) };
  }
  if (arg) {
    const type = released.getType(arg[1]!);
    const owner =
      type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields()[arg[2]!] : undefined;
    const reason = owner?.args.find((candidate) => candidate.name === arg[3])?.deprecationReason;
    return { name: `${arg[1]}.${arg[2]}(${arg[3]})`, deprecated: Boolean(reason) };
  }
  if (value) {
    const type = released.getType(value[2]!);
    const reason = type && isEnumType(type) ? type.getValue(value[1]!)?.deprecationReason : undefined;
    return { name: `${value[2]}.${value[1]}`, deprecated: Boolean(reason) };
  }
  return null;
}

/** Checks the current schema against the last released one and the changelog. */
export function checkContract({ released, current, changelog }: ContractInput): ContractCheck {
  const breaking = findBreakingChanges(released.schema, current);
  const dangerous = findDangerousChanges(released.schema, current);
  const recorded = changelogVersions(changelog)[0] ?? null;
  const newMajor = recorded !== null && parseVersion(recorded)![0] > parseVersion(released.version)![0];
  const undeprecated = breaking
    .map((change) => removedName(change, released.schema))
    .filter((removal) => removal !== null && !removal.deprecated)
    .map((removal) => removal!.name);
  const allowed = breaking.length === 0 || (newMajor && undeprecated.length === 0);
  const problem = allowed
    ? null
    : newMajor
      ? [
          `Removed without a deprecation in the released schema ${released.version}: deprecate first ` +
            `(@deprecated(reason: "... Se elimina en ${parseVersion(recorded!)![0]}.0.0.")) in a release before ` +
            `${recorded}:`,
          ...undeprecated.map((name) => `- ${name}`),
        ].join('\n')
      : [
          `${breaking.length} breaking change(s) against the released schema ${released.version} ` +
            `(packages/schema/released/${released.version}.json), and CHANGELOG.md records no new major version ` +
            `(its newest: ${recorded ?? 'none'}). Deprecate first (@deprecated(reason: "... Se elimina en ` +
            `${parseVersion(released.version)![0] + 1}.0.0.")), or record the major version in CHANGELOG.md:`,
          ...breaking.map((change) => `- ${change.type}: ${change.description}`),
        ].join('\n');
  return { breaking, dangerous, recorded, undeprecated, allowed, problem };
}

/**
 * Every deprecation whose reason does not name the release it goes away in ("Se elimina en N.0.0", N a major
 * version after `version`'s), as `Type.field`, `Type.field(arg)`, `Input.field` or `Enum.VALUE`.
 */
export function deprecationsWithoutRemoval(sdl: string, version: string): string[] {
  const major = parseVersion(version)![0];
  const names = (reason: string | null | undefined): boolean => {
    const removal = /Se elimina en (\d+)\.0\.0/.exec(reason ?? '');
    return removal !== null && Number(removal[1]) > major;
  };
  const wrong: string[] = [];
  const note = (name: string, reason: string | null | undefined) => {
    if (reason != null && !names(reason)) wrong.push(name);
  };
  for (const type of Object.values(buildSchema(sdl).getTypeMap())) {
    if (isIntrospectionType(type)) continue;
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        note(`${type.name}.${field.name}`, field.deprecationReason);
        for (const arg of 'args' in field ? field.args : [])
          note(`${type.name}.${field.name}(${arg.name})`, arg.deprecationReason);
      }
    }
    if (isEnumType(type))
      for (const value of type.getValues()) note(`${type.name}.${value.name}`, value.deprecationReason);
  }
  return wrong;
}

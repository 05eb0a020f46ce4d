/**
 * The schema as a versioned contract (packages/schema/CHANGELOG.md): the last released schema is a
 * committed snapshot (`released/<version>.json`, its introspection result, the format schema registries and
 * graphql-inspector read; taken by `npm run snapshot -w @backoffice/schema`), and a
 * change that breaks it (graphql-js's own `findBreakingChanges`: a field, argument, type or enum value removed, a
 * type changed, a new required argument...) is allowed only when the changelog records a new major version.
 * A field or argument goes away only after a release that marked it `@deprecated(reason: "... Se elimina en
 * N.0.0.")`. Checked by src/__tests__/contract.test.ts, part of `npm test`.
 *
 * Introspection carries no directive, so a snapshot also keeps each field's required permissions (`@auth(requires:
 * …)`, its `permissions` section): a permission tightened breaks a client as surely as a field removed (its
 * operators get FORBIDDEN where they got data), and one loosened changes what a client sees.
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
  Kind,
  type BreakingChange,
  type DangerousChange,
  type ConstDirectiveNode,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';

/**
 * Each field's required permissions by coordinate (`Query.payments`): its groups, every one to be met, each by any
 * of its permissions (the field's own `@auth` and its type's, as the gateway checks them). A field with none is
 * absent (a signed-in operator is enough).
 */
export type PermissionMap = Record<string, string[][]>;

/** Groups in one spelling: each sorted, duplicates gone, the list sorted. */
const normalGroups = (groups: readonly (readonly string[])[]): string[][] => {
  const unique = new Map(
    groups.map((group) => [[...new Set(group)].sort().join(' '), [...new Set(group)].sort()]),
  );
  return [...unique.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, group]) => group);
};

const authGroupsOf = (directives: readonly ConstDirectiveNode[] | undefined): string[][] =>
  (directives ?? [])
    .filter((directive) => directive.name.value === 'auth')
    .map((directive) => {
      const list = directive.arguments?.find((arg) => arg.name.value === 'requires')?.value;
      return list?.kind === Kind.LIST
        ? list.values.flatMap((value) => (value.kind === Kind.ENUM ? [value.value] : []))
        : [];
    });

/**
 * The permissions the `@auth` directives require, per field of every object type: of an SDL, or of a schema built
 * from one (its definitions' nodes hold the directives).
 */
export function permissionsOf(source: string | GraphQLSchema): PermissionMap {
  const schema = typeof source === 'string' ? buildSchema(source) : source;
  const map: PermissionMap = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || isIntrospectionType(type)) continue;
    const own = [type.astNode, ...type.extensionASTNodes].flatMap((node) => authGroupsOf(node?.directives));
    for (const field of Object.values(type.getFields())) {
      const groups = normalGroups([...own, ...authGroupsOf(field.astNode?.directives)]);
      if (groups.length) map[`${type.name}.${field.name}`] = groups;
    }
  }
  return map;
}

/** build.mjs's generated description line of one `@auth` ("Requiere: A o B"). */
const PERMISSION_LINE = /^Requiere: (.+)$/gm;
const linesOf = (description: string | null | undefined): string[][] =>
  [...(description ?? '').matchAll(PERMISSION_LINE)].map((match) => match[1]!.split(' o '));

/**
 * The permissions a released snapshot keeps: its `permissions` section, or, in a snapshot taken before the section
 * existed (2.0.0), the "Requiere: …" lines build.mjs writes from the same directives into every description.
 */
export function permissionsOfSnapshot(text: string): PermissionMap {
  const snapshot = JSON.parse(text) as IntrospectionQuery & { permissions?: PermissionMap };
  if (snapshot.permissions) return snapshot.permissions;
  const map: PermissionMap = {};
  for (const type of snapshot.__schema.types) {
    if (type.kind !== 'OBJECT' || type.name.startsWith('__')) continue;
    const own = linesOf(type.description);
    for (const field of type.fields) {
      const groups = normalGroups([...own, ...linesOf(field.description)]);
      if (groups.length) map[`${type.name}.${field.name}`] = groups;
    }
  }
  return map;
}

/**
 * Whether every operator who meets `stronger` meets `weaker` too: each group of `weaker` holds all the permissions
 * of some group of `stronger` (no groups: a signed-in operator).
 */
const implies = (stronger: readonly string[][], weaker: readonly string[][]): boolean =>
  weaker.every((group) => stronger.some((held) => held.every((permission) => group.includes(permission))));

const spelled = (groups: readonly string[][]): string =>
  groups.length ? groups.map((group) => group.join(' o ')).join(' y ') : 'ninguno';

/** A field whose required permissions changed: tightened (some operator loses it) or loosened (some gains it). */
export interface PermissionChange {
  coordinate: string;
  kind: 'TIGHTENED' | 'LOOSENED';
  /** `Query.payments: PAYMENT_SHOW → PAYMENT_SHOW y PAYMENT_ADMIN`. */
  description: string;
}

/** The permission changes of the fields both schemas have (a field added or removed is the breaking check's). */
export function permissionChanges(
  released: { schema: GraphQLSchema; permissions: PermissionMap },
  current: { schema: GraphQLSchema; permissions: PermissionMap },
): PermissionChange[] {
  const exists = (schema: GraphQLSchema, coordinate: string) => {
    const [typeName, fieldName] = coordinate.split('.') as [string, string];
    const type = schema.getType(typeName);
    return isObjectType(type) && fieldName in type.getFields();
  };
  const coordinates = new Set([...Object.keys(released.permissions), ...Object.keys(current.permissions)]);
  const changes: PermissionChange[] = [];
  for (const coordinate of [...coordinates].sort()) {
    if (!exists(released.schema, coordinate) || !exists(current.schema, coordinate)) continue;
    const before = released.permissions[coordinate] ?? [];
    const after = current.permissions[coordinate] ?? [];
    const description = `${coordinate}: ${spelled(before)} → ${spelled(after)}`;
    if (!implies(before, after)) changes.push({ coordinate, kind: 'TIGHTENED', description });
    else if (!implies(after, before)) changes.push({ coordinate, kind: 'LOOSENED', description });
  }
  return changes;
}

/**
 * A released snapshot's text: the schema's introspection result, with everything a client can see, and beside its
 * `__schema` the fields' required permissions (`permissions`, which introspection cannot carry; tools that read
 * introspection results read `__schema` and pass over it).
 */
export function snapshotOf(sdl: string): string {
  const introspection = introspectionFromSchema(buildSchema(sdl), {
    descriptions: true,
    specifiedByUrl: true,
    directiveIsRepeatable: true,
    schemaDescription: true,
    inputValueDeprecation: true,
  });
  return `${JSON.stringify({ ...introspection, permissions: permissionsOf(sdl) }, null, 1)}\n`;
}

/** The schema a released snapshot holds. */
export function schemaOfSnapshot(text: string): GraphQLSchema {
  return buildClientSchema(JSON.parse(text) as IntrospectionQuery);
}

/** A released snapshot as `checkContract` reads it: its schema and its fields' permissions. */
export function readSnapshot(text: string): { schema: GraphQLSchema; permissions: PermissionMap } {
  return { schema: schemaOfSnapshot(text), permissions: permissionsOfSnapshot(text) };
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
  /** The last released schema: its version, schema and fields' permissions (`readSnapshot`). */
  released: { version: string; schema: GraphQLSchema; permissions: PermissionMap };
  /** The schema as it is now (schema.graphql, built from its SDL: its `@auth` directives are read). */
  current: GraphQLSchema;
  /** CHANGELOG.md's text. */
  changelog: string;
}

export interface ContractCheck {
  /** What breaks a client of the released schema. */
  breaking: BreakingChange[];
  /** What may change a client's behaviour without breaking it (an enum value or an optional argument added...). */
  dangerous: DangerousChange[];
  /** Fields whose required permissions changed: a tightened one breaks like `breaking`, a loosened one is listed. */
  permissions: PermissionChange[];
  /** The newest version the changelog records, or null. */
  recorded: string | null;
  /**
   * What goes away without the released schema having deprecated it: a field, input field, argument or enum value
   * removed (`Payment.legacyCode`, `Query.payments(sort)`, `PaymentStatus.OLD`). Never allowed, a new major version
   * or not: deprecate it in one release, remove it in a later major one.
   */
  undeprecated: string[];
  /**
   * What a client must read about and the changelog's entries since the released version do not name: an enum
   * value added (`ActivityResult.PENDING`, named by its value) and a permission loosened (named by its field,
   * `Query.payments`).
   */
  unlisted: string[];
  /**
   * True when nothing breaks (a tightened permission breaks), or the changelog records a new major version over the
   * released one and nothing removed went away without its deprecation; and every change to list is listed.
   */
  allowed: boolean;
  /** Why it is not allowed (null when it is): every breaking change, one a line. */
  problem: string | null;
}

/**
 * The changelog's entries after `version`'s: the text above its `## [version]` heading ("Unreleased" and the
 * versions recorded since), where a change of the current schema is told.
 */
export function entriesSince(changelog: string, version: string): string {
  const heading = new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\]`, 'm').exec(changelog);
  return heading ? changelog.slice(0, heading.index) : changelog;
}

/** Whether the entries name `name` as a word (`PENDING`, `Query.payments`). */
const names = (entries: string, name: string): boolean =>
  new RegExp(`(^|[^\\w])${name.replaceAll('.', '\\.')}($|[^\\w])`).test(entries);

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
  const permissions = permissionChanges(released, { schema: current, permissions: permissionsOf(current) });
  const tightened = permissions.filter((change) => change.kind === 'TIGHTENED');
  const recorded = changelogVersions(changelog)[0] ?? null;
  const newMajor = recorded !== null && parseVersion(recorded)![0] > parseVersion(released.version)![0];
  const undeprecated = breaking
    .map((change) => removedName(change, released.schema))
    .filter((removal) => removal !== null && !removal.deprecated)
    .map((removal) => removal!.name);
  const entries = entriesSince(changelog, released.version);
  const toList = [
    ...dangerous
      .filter((change) => change.type === 'VALUE_ADDED_TO_ENUM')
      .map((change) => /^(\w+) was added to enum type (\w+)\.$/.exec(change.description))
      .filter((match) => match !== null)
      .map((match) => ({ name: `${match[2]}.${match[1]}`, word: match[1]! })),
    ...permissions
      .filter((change) => change.kind === 'LOOSENED')
      .map((change) => ({ name: change.description, word: change.coordinate })),
  ];
  const unlisted = toList.filter((item) => !names(entries, item.word)).map((item) => item.name);
  const breaks = breaking.length > 0 || tightened.length > 0;
  const compatible = !breaks || (newMajor && undeprecated.length === 0);
  const allowed = compatible && unlisted.length === 0;
  const problems: string[] = [];
  if (!compatible && newMajor) {
    problems.push(
      `Removed without a deprecation in the released schema ${released.version}: deprecate first ` +
        `(@deprecated(reason: "Use <replacement>. Se elimina en ${parseVersion(recorded!)![0]}.0.0.")) in a ` +
        `release before ${recorded}:`,
      ...undeprecated.map((name) => `- ${name}`),
    );
  } else if (!compatible) {
    problems.push(
      `${breaking.length + tightened.length} breaking change(s) against the released schema ${released.version} ` +
        `(packages/schema/released/${released.version}.json), and CHANGELOG.md records no new major version ` +
        `(its newest: ${recorded ?? 'none'}). Deprecate first (@deprecated(reason: "Use <replacement>. Se ` +
        `elimina en ${parseVersion(released.version)![0] + 1}.0.0.")), or record the major version in CHANGELOG.md:`,
      ...breaking.map((change) => `- ${change.type}: ${change.description}`),
      ...tightened.map((change) => `- PERMISSION_TIGHTENED: ${change.description}`),
    );
  }
  if (unlisted.length) {
    problems.push(
      `CHANGELOG.md's entries since ${released.version} do not name what a client must know of (an enum value ` +
        'added, by its value; a permission loosened, by its field):',
      ...unlisted.map((name) => `- ${name}`),
    );
  }
  return {
    breaking,
    dangerous,
    permissions,
    recorded,
    undeprecated,
    unlisted,
    allowed,
    problem: problems.length ? problems.join('\n') : null,
  };
}

/** Every deprecation of the SDL: `Type.field`, `Type.field(arg)`, `Input.field` or `Enum.VALUE`, and its reason. */
function deprecationsOf(sdl: string): [name: string, reason: string][] {
  const found: [string, string][] = [];
  const note = (name: string, reason: string | null | undefined) => {
    if (reason != null) found.push([name, reason]);
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
  return found;
}

/**
 * Every deprecation whose reason does not name the release it goes away in ("Se elimina en N.0.0", N a major
 * version after `version`'s).
 */
export function deprecationsWithoutRemoval(sdl: string, version: string): string[] {
  const major = parseVersion(version)![0];
  return deprecationsOf(sdl)
    .filter(([, reason]) => {
      const removal = /Se elimina en (\d+)\.0\.0/.exec(reason);
      return removal === null || Number(removal[1]) <= major;
    })
    .map(([name]) => name);
}

/**
 * Every deprecation whose reason does not name what to use instead: it starts "Use <replacement>." (a field, an
 * argument or a value a client moves to), as the change policy words it.
 */
export function deprecationsWithoutReplacement(sdl: string): string[] {
  return deprecationsOf(sdl)
    .filter(([, reason]) => !/^Use [^\s.]/.test(reason.trim()))
    .map(([name]) => name);
}

/**
 * What an older major's served SDL breaks of its last release (`released`, its snapshot): breaking changes and
 * tightened permissions, one a line. A served major never breaks its own clients, whatever the changelog says.
 */
export function servedMajorBreaks(
  released: { schema: GraphQLSchema; permissions: PermissionMap },
  served: GraphQLSchema,
): string[] {
  return [
    ...findBreakingChanges(released.schema, served).map((change) => `${change.type}: ${change.description}`),
    ...permissionChanges(released, { schema: served, permissions: permissionsOf(served) })
      .filter((change) => change.kind === 'TIGHTENED')
      .map((change) => `PERMISSION_TIGHTENED: ${change.description}`),
  ];
}

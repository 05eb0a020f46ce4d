/**
 * GraphQL operations generated from the schema at test time, so that every root field (including the ones
 * added after these suites were written) is called: documents with one variable per argument, selections,
 * deterministic sample arguments and fast-check arbitraries for any input type.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { buildCbu, buildCuit, formatCuit } from '@backoffice/validators';
import { listFieldPermissions, type Requirements } from '../../auth/auth-directive.js';

const VALID_CBU = buildCbu('2850590', '4009041813520');
const VALID_CUIT = formatCuit(buildCuit('2012345678'));
const VALID_CARD = '4509953566233704';
const VALID_DNI = '30123456';

export type RootKind = 'query' | 'mutation';

export interface RootField {
  kind: RootKind;
  coordinate: string;
  name: string;
  field: GraphQLField<unknown, unknown>;
  requirements: Requirements;
}

/** Every Query and Mutation field with its @auth requirements. */
export function rootFields(schema: GraphQLSchema): RootField[] {
  const requirements = new Map(listFieldPermissions(schema).map((f) => [f.coordinate, f.requirements]));
  const out: RootField[] = [];
  for (const [kind, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    if (!type) continue;
    for (const field of Object.values(type.getFields())) {
      const coordinate = `${type.name}.${field.name}`;
      out.push({
        kind,
        coordinate,
        name: field.name,
        field,
        requirements: requirements.get(coordinate) ?? [],
      });
    }
  }
  return out;
}

/**
 * A selection set for a type: scalars and enums, objects down to `depth` levels, fields with required arguments
 * skipped; `skipGuarded` leaves out fields carrying @auth (so a payload's own data does not add FORBIDDEN errors).
 */
export function selectionFor(
  schema: GraphQLSchema,
  type: GraphQLNamedType,
  depth: number,
  options: { skipGuarded?: boolean } = {},
): string {
  if (isLeafType(type)) return '';
  if (isUnionType(type) || isInterfaceType(type) || depth <= 0) return '{ __typename }';
  const guarded = options.skipGuarded
    ? new Set(
        listFieldPermissions(schema)
          .filter((f) => f.typeName === type.name && f.requirements.length > 0)
          .map((f) => f.fieldName),
      )
    : new Set<string>();
  const parts = ['__typename'];
  for (const field of Object.values((type as GraphQLObjectType).getFields())) {
    if (guarded.has(field.name)) continue;
    if (field.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    const named = getNamedType(field.type);
    if (isLeafType(named)) parts.push(field.name);
    else if (depth > 1) parts.push(`${field.name} ${selectionFor(schema, named, depth - 1, options)}`);
  }
  return `{ ${parts.join(' ')} }`;
}

/** `query Q($a: T!, $b: U) { f(a: $a, b: $b) <selection> }` with every argument of the field as a variable. */
export function operationFor(
  root: RootField,
  selection: string,
  args: readonly GraphQLArgument[] = root.field.args,
) {
  const vars = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const call = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
  const name = `${root.kind === 'query' ? 'Q' : 'M'}_${root.name}`;
  return `${root.kind} ${name}${vars ? `(${vars})` : ''} { ${root.name}${call} ${selection} }`;
}

/** Ids found in the stubs' data, by GraphQL type name (Payment, PaymentNotification, Collector...). */
export type IdPools = Map<string, string[]>;

/** The id pool that fits a field: its return type, else the longest type name its name mentions. */
export function poolFor(pools: IdPools, fieldName: string, returnType: GraphQLNamedType): string[] {
  const direct = pools.get(returnType.name);
  if (direct?.length) return direct;
  const lower = `${fieldName} ${returnType.name}`.toLowerCase();
  const names = [...pools.keys()].sort((a, b) => b.length - a.length);
  // A pool also fits a field that names its last word: cancelSubscription -> PayerSubscription.
  const lastWord = (n: string) => /[A-Z][a-z]{4,}$/.exec(n)?.[0].toLowerCase();
  const byName =
    names.find((n) => lower.includes(n.toLowerCase())) ??
    names.find((n) => lastWord(n) !== undefined && lower.includes(lastWord(n)!)) ??
    names.find((n) =>
      [...lower.matchAll(/[a-z]+/g)].some((m) => m[0].length > 4 && n.toLowerCase().endsWith(m[0])),
    );
  return (byName ? pools.get(byName) : undefined) ?? pools.get('Payment') ?? ['1'];
}

/** Plausible valid values by argument or input-field name (what the web's forms would send). */
export const VALID_BY_NAME: Record<string, () => unknown> = {
  reason: () => 'Pedido del pagador por duplicado',
  idempotencyKey: () => randomUUID(),
  addressee: () => 'pagador@example.com.ar',
  email: () => 'pagador@example.com.ar',
  expiration: () => `12/${new Date().getFullYear() + 3}`,
  name: () => 'Juana Pérez',
  cbu: () => VALID_CBU,
  cuit: () => VALID_CUIT,
  search: () => 'juan',
  country: () => 'ARG',
};

/** A deterministic valid-looking value of an input type (required parts only unless `full`). */
export function sampleValue(type: GraphQLInputType, name: string, ids: string[], full = false): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [sampleValue(nullable.ofType, name, ids, full)];
  const named = getNamedType(type);
  const byName = VALID_BY_NAME[name];
  if (byName && isScalarType(named) && (named.name === 'String' || named.name === 'ID')) return byName();
  if (isEnumType(named)) return named.getValues()[0]!.name;
  if (isInputObjectType(named)) {
    const out: Record<string, unknown> = {};
    const kind = Object.values(named.getFields()).find((f) => f.name === 'kind');
    const isCard = !kind || sampleValue(kind.type, 'kind', ids) === 'CARD';
    for (const f of Object.values(named.getFields())) {
      const optional = !isNonNullType(f.type);
      if (optional && !(f.name === 'expiration' && isCard) && !(full && VALID_BY_NAME[f.name])) continue;
      out[f.name] =
        f.name === 'number' && named.name.includes('Identification')
          ? isCard
            ? VALID_DNI
            : VALID_CUIT
          : f.name === 'number' && named.name.includes('PaymentMethod')
            ? isCard
              ? VALID_CARD
              : VALID_CBU
            : sampleValue(f.type, f.name, ids, full);
    }
    return out;
  }
  switch (named.name) {
    case 'ID':
      return ids[0] ?? '1';
    case 'Int':
      return 1;
    case 'Float':
      return 1.5;
    case 'Boolean':
      return false;
    case 'Decimal':
      return '10.00';
    case 'DateTime':
      return new Date().toISOString();
    case 'JSON':
      return {};
    default:
      return 'prueba';
  }
}

/** Required arguments with deterministic sample values (optional ones are left out). */
export function sampleArgs(root: RootField, pools: IdPools, full = false): Record<string, unknown> {
  const ids = poolFor(pools, root.name, getNamedType(root.field.type));
  const out: Record<string, unknown> = {};
  for (const arg of root.field.args) {
    if (!full && !isNonNullType(arg.type)) continue;
    out[arg.name] = sampleValue(arg.type, arg.name, ids, full);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// fast-check arbitraries for any input type

const NASTY_STRINGS = [
  '',
  ' ',
  '   \t\n',
  '0',
  '-1',
  'null',
  'undefined',
  'NaN',
  '1e308',
  '../../etc/passwd',
  '..%2F..%2Fadmin',
  '%00',
  '\u0000',
  "' OR '1'='1",
  '"; DROP TABLE pagos; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  '\u202Egnp.exe',
  '😀👍🏽',
  'ñandú ÁÉÍÓÚ',
  'a'.repeat(5000),
  '1'.repeat(30),
  '4509 9535 6623 3704',
  '28505909-4009041813520-1',
  '20-12345678-0',
];

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`));

/** Valid and near-valid values of the domain's identifiers, by field name. */
const DOMAIN_STRINGS: Record<string, fc.Arbitrary<string>> = {
  number: fc.oneof(
    digits(13, 19), // card numbers
    digits(7, 8), // DNI
    digits(7, 7).chain((entity) => digits(13, 13).map((account) => buildCbu(entity, account))),
    digits(10, 10).map((first) => buildCuit(first)),
    digits(10, 10).map((first) => formatCuit(buildCuit(first))),
    digits(20, 23),
    fc.constantFrom(VALID_CARD, VALID_CBU, VALID_CUIT, VALID_DNI),
  ),
  expiration: fc.oneof(
    fc
      .tuple(fc.integer({ min: 0, max: 13 }), fc.integer({ min: 2000, max: 2045 }))
      .map(([m, y]) => `${String(m).padStart(2, '0')}/${y}`),
    fc.constantFrom('12/2099', '1/2030', '12/30', '13/2030', '00/2030'),
  ),
  reason: fc.oneof(fc.constantFrom('Pedido del pagador', '  ', ''), fc.string({ maxLength: 600 })),
  idempotencyKey: fc.oneof(
    fc.uuid(),
    fc.string({ maxLength: 10 }),
    fc.stringMatching(/^[A-Za-z0-9._:-]{8,140}$/),
  ),
  addressee: fc.oneof(fc.emailAddress(), fc.constantFrom('sin-arroba', 'a@b', ' ')),
  email: fc.oneof(fc.emailAddress(), fc.constantFrom('sin-arroba', 'a@b')),
  type: fc.constantFrom('DNI_ARG', 'CUIT_ARG', 'dni_arg', 'PASSPORT', ''),
  country: fc.constantFrom('ARG', 'arg', 'BRA', ''),
  name: fc.oneof(fc.constantFrom('Juana Pérez', ''), fc.string({ maxLength: 80 })),
};

/** A string arbitrary: nasty constants, random text (ASCII, unicode), digits, and the valid value for the name. */
function stringArb(name: string, ids: string[]): fc.Arbitrary<string> {
  const valid = VALID_BY_NAME[name];
  const options: Array<fc.Arbitrary<string>> = [
    fc.constantFrom(...NASTY_STRINGS),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.stringMatching(/^\d{0,25}$/),
  ];
  if (ids.length) options.push(fc.constantFrom(...ids));
  if (valid) options.push(fc.constant(null).map(() => String(valid())));
  const domain = DOMAIN_STRINGS[name];
  if (domain) options.push(domain, domain);
  return fc.oneof(...options);
}

/** Values of the right GraphQL type (so they reach the resolvers) mixed with a few of the wrong type. */
export function arbitraryFor(
  type: GraphQLInputType,
  name: string,
  ids: string[],
  schema: GraphQLSchema,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) {
    return fc.oneof(
      { weight: 30, arbitrary: arbitraryFor(type.ofType, name, ids, schema, depth) },
      { weight: 1, arbitrary: fc.constant(null) }, // coercion error: non-null
    );
  }
  const nullable = fc.constant(null);
  if (isListType(type)) {
    const item = arbitraryFor(type.ofType, name, ids, schema, depth + 1);
    return fc.oneof(
      { weight: 12, arbitrary: fc.array(item, { maxLength: 6 }) },
      { weight: 2, arbitrary: item }, // a single value where a list is expected (GraphQL coerces it)
      { weight: 1, arbitrary: nullable },
    );
  }
  const named = type;
  if (isEnumType(named)) {
    return fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...named.getValues().map((v) => v.name)) },
      { weight: 1, arbitrary: fc.constantFrom('NOPE', 'card', '', 'CARD ', 0) },
      { weight: 1, arbitrary: nullable },
    );
  }
  if (isInputObjectType(named)) {
    const fields = Object.values(named.getFields());
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const f of fields) {
      const value =
        depth > 4
          ? fc.constant(sampleValue(f.type, f.name, ids))
          : arbitraryFor(f.type, f.name, ids, schema, depth + 1);
      record[f.name] = isNonNullType(f.type) ? value : fc.oneof(value, fc.constant(undefined));
    }
    const base = fc
      .record(record)
      .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));
    return fc.oneof(
      { weight: 20, arbitrary: base },
      // the valid sample with one field replaced: the interesting near-miss inputs
      {
        weight: 20,
        arbitrary: fc.tuple(fc.constantFrom(...fields), fc.nat()).chain(([f]) =>
          arbitraryFor(f.type, f.name, ids, schema, depth + 1).map((value) => ({
            ...(sampleValue(named, name, ids, true) as Record<string, unknown>),
            [f.name]: value,
          })),
        ),
      },
      { weight: 4, arbitrary: fc.constant(null).map(() => sampleValue(named, name, ids, true)) },
      { weight: 1, arbitrary: base.map((r) => ({ ...r, unexpectedField: 'x' })) }, // coercion error
      { weight: 1, arbitrary: fc.constantFrom('texto', 7, [1]) }, // wrong type
      { weight: 1, arbitrary: nullable },
    );
  }
  switch (named.name) {
    case 'ID':
      return fc.oneof(
        { weight: 10, arbitrary: ids.length ? fc.constantFrom(...ids) : fc.constant('1') },
        { weight: 6, arbitrary: stringArb(name, ids) },
        { weight: 2, arbitrary: fc.integer() },
        { weight: 1, arbitrary: fc.constantFrom(true, 1.5, { id: 1 }) },
      );
    case 'String':
      return fc.oneof(
        { weight: 20, arbitrary: stringArb(name, ids) },
        { weight: 1, arbitrary: fc.constantFrom(42, true, ['a'], { a: 1 }) },
        { weight: 1, arbitrary: nullable },
      );
    case 'Int':
      return fc.oneof(
        { weight: 10, arbitrary: fc.integer({ min: -5, max: 200 }) },
        { weight: 3, arbitrary: fc.integer() },
        {
          weight: 1,
          arbitrary: fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1.5, Number.MAX_SAFE_INTEGER, '1', 'uno'),
        },
      );
    case 'Float':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom('1.5', 'x'));
    case 'Boolean':
      return fc.oneof(
        { weight: 10, arbitrary: fc.boolean() },
        { weight: 1, arbitrary: fc.constantFrom('true', 0, 1) },
      );
    case 'Decimal':
      return fc.oneof(
        fc.constantFrom('10.00', '0.01', '1', '1234567.89'),
        fc.constantFrom('-1.00', '1,50', '1.234', 'abc', '', '1e3', 'NaN', '99999999999999999999.99'),
        fc.double({ noNaN: true }),
      );
    case 'DateTime':
      return fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.constantFrom('2025-02-30T00:00:00Z', 'ayer', '', '31/12/2025', 0),
      );
    case 'JSON':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      return stringArb(name, ids);
  }
}

/** Variables for every argument of a root field (optional ones sometimes left out). */
export function argsArbitrary(
  root: RootField,
  pools: IdPools,
  schema: GraphQLSchema,
): fc.Arbitrary<Record<string, unknown>> {
  const ids = poolFor(pools, root.name, getNamedType(root.field.type));
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const arg of root.field.args) {
    const value = arbitraryFor(arg.type, arg.name, ids, schema);
    record[arg.name] = isNonNullType(arg.type) ? value : fc.oneof(value, fc.constant(undefined));
  }
  return fc
    .record(record)
    .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));
}

export const isObjectReturn = (root: RootField) => isObjectType(getNamedType(root.field.type));

/**
 * Ids of the stubs' data, found through the gateway: every root list query without required arguments
 * (`{ rows { id ... } }`), its rows' ids and the ids of the objects they link to, by GraphQL type name.
 */
export async function harvestIds(
  schema: GraphQLSchema,
  send: (query: string) => Promise<unknown>,
): Promise<IdPools> {
  const pools: IdPools = new Map();
  const hasId = (type: GraphQLNamedType) => isObjectType(type) && 'id' in type.getFields();
  for (const root of rootFields(schema).filter((r) => r.kind === 'query')) {
    if (root.field.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    const type = getNamedType(root.field.type);
    if (!isObjectType(type) || !('rows' in type.getFields())) continue;
    const rowType = getNamedType(type.getFields().rows!.type);
    if (!isObjectType(rowType) || !hasId(rowType)) continue;
    const links = Object.values(rowType.getFields())
      .filter((f) => !f.args.some((a) => isNonNullType(a.type)) && hasId(getNamedType(f.type)))
      .map((f) => `${f.name} { __typename id }`);
    const pageSize = root.field.args.some((a) => a.name === 'pageSize') ? '(pageSize: 100)' : '';
    const data = (await send(
      `{ ${root.name}${pageSize} { rows { __typename id ${links.join(' ')} } } }`,
    )) as {
      data?: Record<string, { rows?: Array<Record<string, unknown>> } | null>;
    };
    const collect = (value: unknown) => {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (!item || typeof item !== 'object') continue;
        const { __typename, id } = item as { __typename?: string; id?: unknown };
        if (typeof __typename === 'string' && (typeof id === 'string' || typeof id === 'number')) {
          const pool = pools.get(__typename) ?? [];
          if (!pool.includes(String(id))) pool.push(String(id));
          pools.set(__typename, pool);
        }
        for (const nested of Object.values(item)) if (nested && typeof nested === 'object') collect(nested);
      }
    };
    collect(data.data?.[root.name]?.rows ?? []);
  }
  return pools;
}

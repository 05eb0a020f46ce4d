import {
  buildSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  type ConstDirectiveNode,
  type GraphQLEnumType,
  type GraphQLField,
  type GraphQLObjectType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { typeDefs } from '../index.js';

const schema = buildSchema(typeDefs);

/** The description an author wrote: without the "Requiere: ..." lines build.mjs appends. */
const authored = (description: string | null | undefined): string =>
  (description ?? '').replace(/(\n\n)?Requiere: .*$/gm, '').trim();

/** Every type, field, argument, enum value and input field, named as a reader finds it, with its description. */
const definitions = (): [name: string, description: string | null | undefined][] =>
  Object.values(schema.getTypeMap())
    .filter((t) => !isIntrospectionType(t) && !isSpecifiedScalarType(t))
    .flatMap((t) => {
      const own: [string, string | null | undefined][] = [[t.name, t.description]];
      if (isObjectType(t) || isInterfaceType(t) || isInputObjectType(t)) {
        for (const f of Object.values(t.getFields())) {
          own.push([`${t.name}.${f.name}`, f.description]);
          for (const a of 'args' in f ? f.args : [])
            own.push([`${t.name}.${f.name}(${a.name})`, a.description]);
        }
      }
      if (isEnumType(t)) for (const v of t.getValues()) own.push([`${t.name}.${v.name}`, v.description]);
      return own;
    });

/** The permission groups of a definition's @auth directives (each a list, any of which grants it). */
const authGroups = (directives: readonly ConstDirectiveNode[] | undefined): string[][] =>
  (directives ?? [])
    .filter((d) => d.name.value === 'auth')
    .map((d) => {
      const list = d.arguments?.find((a) => a.name.value === 'requires')?.value;
      return list?.kind === 'ListValue'
        ? list.values.map((v) => (v.kind === 'EnumValue' ? v.value : ''))
        : [];
    });

describe('schema descriptions', () => {
  it('describes every type, field, argument, enum value and input field', () => {
    const missing = definitions()
      .filter(([, description]) => authored(description) === '')
      .map(([name]) => name);
    expect(missing, 'without a description').toEqual([]);
  });

  it('stands on its own: no description points to the internal specifications or to issues', () => {
    // Other teams read the schema without this repository's specs or issue tracker.
    const pointers = definitions()
      .filter(([, description]) =>
        /§|\bspec(ification)?s? \d{3}\b|\bseed \d{3}\b|\bissue \d+\b/i.test(description ?? ''),
      )
      .map(([name]) => name);
    expect(pointers, 'descriptions pointing to specs or issues').toEqual([]);
  });
});

describe('root types', () => {
  it('has no placeholder field: every root field is a real one', () => {
    const roots = [schema.getQueryType(), schema.getMutationType()].flatMap((t) =>
      Object.keys(t?.getFields() ?? {}),
    );
    expect(roots.filter((name) => name.startsWith('_'))).toEqual([]);
  });

  it('answers every root query field nullable, so a refused or failed field leaves its siblings their data', () => {
    // `me` only needs the token every request already proved: when it fails, nothing else can answer either.
    const allowedNonNull = ['me'];
    const nonNull = Object.values(schema.getQueryType()?.getFields() ?? {})
      .filter((f) => isNonNullType(f.type) && !allowedNonNull.includes(f.name))
      .map((f) => f.name);
    expect(nonNull).toEqual([]);
  });
});

describe('permissions in descriptions', () => {
  const protectedDefinitions = Object.values(schema.getTypeMap())
    .filter(isObjectType)
    .flatMap((t: GraphQLObjectType) => [
      { name: t.name, description: t.description, groups: authGroups(t.astNode?.directives) },
      ...Object.values(t.getFields()).map((f: GraphQLField<unknown, unknown>) => ({
        name: `${t.name}.${f.name}`,
        description: f.description,
        groups: authGroups(f.astNode?.directives),
      })),
    ])
    .filter((d) => d.groups.length > 0);

  it('finds the protected fields', () => {
    expect(protectedDefinitions.map((d) => d.name)).toContain('Mutation.cancelPayment');
  });

  it('names in its description every permission each @auth requires, one line per @auth', () => {
    const wrong = protectedDefinitions
      .filter(
        (d) =>
          !d.groups.every((g) => (d.description ?? '').split('\n').includes(`Requiere: ${g.join(' o ')}`)),
      )
      .map((d) => d.name);
    expect(wrong).toEqual([]);
  });
});

describe('one paging contract', () => {
  const listPage = schema.getType('ListPage');
  const pageTypes = Object.values(schema.getTypeMap()).filter(
    (t): t is GraphQLObjectType => isObjectType(t) && t.getInterfaces().some((i) => i === listPage),
  );
  const listFields = Object.values(schema.getQueryType()?.getFields() ?? {}).filter((f) =>
    pageTypes.includes(getNullableType(f.type) as GraphQLObjectType),
  );

  it('finds the lists', () => {
    expect(listFields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['payments', 'cardBins', 'activity']),
    );
  });

  it('says on every page type whether a next page exists', () => {
    const without = pageTypes
      .filter((t) => String(t.getFields().hasNextPage?.type) !== 'Boolean!')
      .map((t) => t.name);
    expect(without).toEqual([]);
  });

  it('pages every list from 1 with one default size', () => {
    const paging = listFields.map((f) => ({
      name: f.name,
      page: f.args.find((a) => a.name === 'page')?.defaultValue,
      pageSize: f.args.find((a) => a.name === 'pageSize')?.defaultValue,
    }));
    expect(paging).toEqual(listFields.map((f) => ({ name: f.name, page: 1, pageSize: 25 })));
  });

  it('sorts every sortable list with one `sort` argument: a field and a direction', () => {
    const other = listFields.flatMap((f) =>
      f.args.filter((a) => a.name !== 'sort' && /sort/i.test(a.name)).map((a) => `${f.name}(${a.name})`),
    );
    expect(other, 'sort arguments besides `sort`').toEqual([]);
    const sorts = listFields.flatMap((f) => f.args.filter((a) => a.name === 'sort'));
    expect(sorts.length).toBeGreaterThan(5);
    for (const sort of sorts) {
      const input = getNullableType(sort.type);
      expect(isInputObjectType(input) && Object.keys(input.getFields())).toEqual(['field', 'direction']);
      if (!isInputObjectType(input)) continue;
      expect(String(input.getFields().direction?.type)).toBe('SortDirection!');
      expect(isEnumType(getNullableType(input.getFields().field?.type))).toBe(true);
    }
  });
});

describe('money', () => {
  /**
   * What says money in a name: its last word is amount, importe, balance, price or cost (`totalAmount`,
   * `compensationAmount`, `costAmount`; `amountFrom`/`totalAmountTo` as a filter's range), or it is a figure of
   * a balance (`CollectorBalance.available`: every field of a `*Balance` type but its dates and currency).
   * `amountType` (an enum of how an amount is chosen) ends in another word and is not money.
   */
  const MONEY_NAME = /(^|[a-z])(amount|importe|balance|price|cost)(From|To)?$/i;
  const isMoney = (owner: string, name: string, type: string): boolean =>
    MONEY_NAME.test(name) || (/Balance$/.test(owner) && type !== 'DateTime' && !/currency/i.test(name));

  /** Every leaf (scalar) field, argument and input field whose name says money, with its type's name. */
  const moneyLeaves = Object.values(schema.getTypeMap())
    .filter((t) => !isIntrospectionType(t) && (isObjectType(t) || isInterfaceType(t) || isInputObjectType(t)))
    .flatMap((t) => {
      const fields = Object.values((t as GraphQLObjectType).getFields()) as GraphQLField<unknown, unknown>[];
      return fields.flatMap((f) => [
        { owner: t.name, where: `${t.name}.${f.name}`, name: f.name, type: getNamedType(f.type) },
        ...(f.args ?? []).map((a) => ({
          owner: t.name,
          where: `${t.name}.${f.name}(${a.name})`,
          name: a.name,
          type: getNamedType(a.type),
        })),
      ]);
    })
    .filter((d) => isScalarType(d.type) && isMoney(d.owner, d.name, d.type.name));

  it('finds the money in outputs, arguments and inputs', () => {
    expect(moneyLeaves.map((d) => d.where)).toEqual(
      expect.arrayContaining([
        'Payment.finalAmount',
        'Mutation.refundPayment(amount)',
        'Mutation.conciliateGatewayBatch(compensationAmount)',
        'ServicePaymentBatchFilter.totalAmountFrom',
        'CollectorBalance.available',
        'WithdrawalBatch.balance',
      ]),
    );
  });

  it('types every amount as Decimal (never String, Float or Int)', () => {
    const other = moneyLeaves
      .filter((d) => d.type.name !== 'Decimal')
      .map((d) => `${d.where}: ${d.type.name}`);
    expect(other).toEqual([]);
  });
});

describe('idempotency keys', () => {
  /**
   * The mutations that move money or decide where it goes (docs/decisions.md, "The schema's contract"): refunds and reversals,
   * cancellations and objections of payments and subscriptions, a payment's retry (it charges again), amount
   * changes, withdraws and withdrawals, withdrawal batches, transfers, distributions and the gateway batches'
   * conciliation. Each requires the client's key, so a retry after an UNKNOWN outcome never writes twice.
   */
  const MONEY_MOVING = [
    'cancelPayment',
    'bulkCancelPayments',
    'cancelPaymentObjection',
    'bulkCancelPaymentObjections',
    'retryPayment',
    'refundPayment',
    'partialRefundPayment',
    'reversePayment',
    'cancelSubscription',
    'bulkCancelSubscriptions',
    'updateSubscriptionAmount',
    'bulkUpdateSubscriptionAmount',
    'transferWithdraws',
    'rejectWithdraws',
    'reExportWithdraw',
    'authorizeWithdrawal',
    'rejectWithdrawal',
    'bulkAuthorizeWithdrawals',
    'bulkRejectWithdrawals',
    'reprocessWithdrawalBatch',
    'reExportWithdrawalBatch',
    'bulkReprocessWithdrawalBatches',
    'conciliateTransfer',
    'reprocessDistribution',
    'approveDistribution',
    'rejectDistribution',
    'updateDistributionDetail',
    'conciliateGatewayBatch',
  ];
  const mutations = schema.getMutationType()?.getFields() ?? {};

  it('names only mutations that exist', () => {
    expect(MONEY_MOVING.filter((name) => !mutations[name])).toEqual([]);
  });

  it('requires `idempotencyKey: String!` on every money-moving mutation', () => {
    const without = MONEY_MOVING.filter(
      (name) => String(mutations[name]?.args.find((a) => a.name === 'idempotencyKey')?.type) !== 'String!',
    );
    expect(without).toEqual([]);
  });
});

describe('closed code sets', () => {
  /**
   * Fields that only ever hold one of a fixed set of codes the gateway maps (docs/decisions.md, "The schema's contract"): every
   * currency (a field named `currency`, `currencyId` or `...Currency`) and these. Each is an enum with an OTHER
   * value, what an upstream code the gateway does not know yet becomes (the list answers; it does not fail).
   */
  const CLOSED = ['PaymentMethod.type', 'Refund.type'];
  const fields = Object.values(schema.getTypeMap())
    .filter((t): t is GraphQLObjectType => !isIntrospectionType(t) && isObjectType(t))
    .flatMap((t) => Object.values(t.getFields()).map((f) => ({ where: `${t.name}.${f.name}`, field: f })));
  const closed = fields.filter(
    ({ where, field }) => CLOSED.includes(where) || /^currency(Id)?$|Currency$/.test(field.name),
  );

  it('finds the currencies and the listed fields', () => {
    expect(closed.map((c) => c.where)).toEqual(
      expect.arrayContaining([...CLOSED, 'Payment.currencyId', 'CurrencyConversionInfo.originalCurrency']),
    );
  });

  it('types each as an enum with OTHER for a code the gateway does not know yet', () => {
    const other = closed
      .filter(({ field }) => {
        const type = getNamedType(field.type);
        return !isEnumType(type) || !type.getValue('OTHER');
      })
      .map(({ where, field }) => `${where}: ${String(field.type)}`);
    expect(other).toEqual([]);
  });
});

describe('one refusal model and keys everywhere (2.0.0)', () => {
  const mutations = Object.values(schema.getMutationType()?.getFields() ?? {});
  const result = schema.getType('OperationResult');
  /** Mutations that write to the gateway's own store, not to a platform service: no key (CHANGELOG 2.0.0). */
  const storeOnly = ['setPreference', 'mergePreference'];

  it('answers every mutation with a payload implementing OperationResult', () => {
    const other = mutations
      .filter((f) => {
        const type = getNamedType(f.type);
        return !isObjectType(type) || !type.getInterfaces().includes(result as never);
      })
      .map((f) => f.name);
    expect(result && isInterfaceType(result)).toBe(true);
    expect(other).toEqual([]);
  });

  it('requires an idempotency key on every mutation that writes to a platform service', () => {
    const keyless = mutations
      .filter((f) => !storeOnly.includes(f.name))
      .filter((f) => String(f.args.find((a) => a.name === 'idempotencyKey')?.type) !== 'String!')
      .map((f) => f.name);
    expect(keyless).toEqual([]);
    expect(mutations.length).toBeGreaterThan(60);
  });

  it('types the refusal’s code as a closed enum, with the service’s code and the field at fault beside it', () => {
    const error = schema.getType('OperationError');
    expect(isObjectType(error)).toBe(true);
    const fields = isObjectType(error) ? error.getFields() : {};
    expect(String(fields.code?.type)).toBe('OperationErrorCode!');
    expect(isEnumType(getNamedType(fields.code!.type))).toBe(true);
    expect(String(fields.serviceCode?.type)).toBe('String');
    expect(String(fields.field?.type)).toBe('[String!]');
    const codes = (schema.getType('OperationErrorCode') as GraphQLEnumType).getValues().map((v) => v.name);
    expect(codes).toEqual(expect.arrayContaining(['INVALID_INPUT', 'NOT_FOUND', 'UPSTREAM_REFUSED']));
    // One spelling per reason: no lower-case or duplicate spelling of a reason.
    expect(codes.filter((code) => code !== code.toUpperCase())).toEqual([]);
  });
});

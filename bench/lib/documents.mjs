// The GraphQL documents the benchmark sends: the web's own when they exist, else equivalents.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, print, visit } from 'graphql';

const WEB_SRC = fileURLToPath(new URL('../../apps/web/src/', import.meta.url));

/** Buscar Pagos with 50 rows and the collector's name (the list columns plus Entidad). */
export const LIST_QUERY = /* GraphQL */ `
  query BenchPaymentsList {
    payments(pageSize: 50) {
      total
      page
      pageSize
      rows {
        id
        requestDate
        conceptId
        conceptDescription
        finalAmount
        status
        payer {
          name
        }
        paymentMethods {
          mediaPaymentId
          mediaPaymentName
          lastFourDigits
        }
        collector {
          id
          name
        }
      }
    }
  }
`;

/** Used only while the web has no detail document: what the detail screen (spec 000 §3) shows. */
export const FALLBACK_DETAIL_QUERY = /* GraphQL */ `
  query BenchPaymentDetail($id: ID!) {
    payment(id: $id) {
      id
      status
      statusDetail
      type
      requestDate
      lastUpdateDate
      dueDate
      lastDueDate
      processDate
      rejectedDate
      cancelDate
      paidDate
      accreditationDate
      refundedDate
      externalTransactionId
      finalAmount
      currencyId
      details {
        conceptId
        conceptDescription
        amount
        externalReference
      }
      reference
      notificationUrl
      chargeDelay
      rate
      payer {
        id
        name
        email
        identification {
          type
          number
        }
      }
      collectorId
      collector {
        id
        name
      }
      paymentMethods {
        index
        mediaPaymentId
        mediaPaymentName
        cardMasked
        installments
        amount
        finalAmount
        isToken
        currencyConversionInfo {
          conversionFactor
          originalAmount
          convertedAmount
        }
        gateway {
          status
          statusDetail
          ticketNumber
          batchNumber
        }
        holderName
      }
      version
      isCurrentVersion
      feeDetails {
        type
        description
        rate
        amount
      }
      relateds {
        type
        paymentId
      }
      refunds {
        id
        status
        statusDetail
        type
        amount
        requestDate
      }
      subscriptionId
      batchWithdrawal {
        id
        status
        creationDate
      }
      metadata {
        key
        value
        statusCode
        subscriptionId
        message
        linksToSubscription
      }
      notifications {
        id
        date
        type
        action
      }
      collectorNotifications {
        url
        status
        statusDetail
        retryCount
        lastRetry
      }
      checkoutUrl
      actions {
        kind
        enabled
        reason
      }
    }
    paymentHistory(id: $id) {
      version
      lastUpdateDate
      id
      status
    }
  }
`;

/** Every .graphql file under apps/web/src. */
function webGraphqlFiles(dir = WEB_SRC) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' ? [] : webGraphqlFiles(path);
    return entry.name.endsWith('.graphql') ? [path] : [];
  });
}

/** The operations of `file`, and every fragment the web's documents define (this file's own included). */
function withFragments(file) {
  const fragments = new Map();
  for (const path of webGraphqlFiles()) {
    try {
      for (const def of parse(readFileSync(path, 'utf8')).definitions) {
        if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
      }
    } catch {
      // a document being edited: ignore it
    }
  }
  const doc = parse(readFileSync(file, 'utf8'));
  for (const def of doc.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  }
  return { fragments, operations: doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION) };
}

/** `operation` and the fragments it spreads, transitively, each once: a document the server accepts. */
function documentOf(operation, fragments) {
  const used = new Map();
  const collect = (node) =>
    visit(node, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        if (!used.has(name) && fragments.has(name)) {
          used.set(name, fragments.get(name));
          collect(fragments.get(name));
        }
      },
    });
  collect(operation);
  return { kind: Kind.DOCUMENT, definitions: [operation, ...used.values()] };
}

/** Variables for `operation`: `id`/required IDs get `id`, Booleans true (admin holds every permission). */
function variablesFor(operation, values) {
  const variables = {};
  for (const def of operation.variableDefinitions ?? []) {
    const name = def.variable.name.value;
    let type = def.type;
    const required = type.kind === Kind.NON_NULL_TYPE;
    if (required) type = type.type;
    const typeName = type.kind === Kind.NAMED_TYPE ? type.name.value : null;
    if (name in values) variables[name] = values[name];
    else if (typeName === 'Boolean') variables[name] = true;
  }
  return variables;
}

/** The .graphql files of apps/web/src/features/<feature>/api whose name matches `filePattern`. */
function featureApiFiles(feature, filePattern = /\.graphql$/) {
  const dir = join(WEB_SRC, 'features', feature, 'api');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => filePattern.test(f))
        .map((f) => join(dir, f))
    : [];
}

/** The first operation of `files` that `pick(operation)` accepts, with its fragments and variables; or null. */
function firstOperation(files, pick, values) {
  for (const file of files) {
    let parsed;
    try {
      parsed = withFragments(file);
    } catch {
      continue;
    }
    const operation = parsed.operations.find(pick);
    if (!operation) continue;
    const document = documentOf(operation, parsed.fragments);
    return {
      source: file.slice(file.indexOf('apps/web/')),
      operationName: operation.name?.value ?? null,
      query: print(document),
      variables: variablesFor(operation, values),
    };
  }
  return null;
}

/**
 * A web document: the first operation in features/<feature>/api/<files matching `filePattern`> whose root
 * selects `rootField`, with the fragments it uses, and variables from `values` (Booleans default to true).
 * Null when there is none yet.
 */
export function webOperation(filePattern, rootField, values = {}, feature = 'payments') {
  return firstOperation(
    featureApiFiles(feature, filePattern),
    (op) => op.selectionSet.selections.some((s) => s.kind === Kind.FIELD && s.name.value === rootField),
    values,
  );
}

/** The web's operation named `operationName` in features/<feature>/api/*.graphql (see webOperation); or null. */
export function namedWebOperation(feature, operationName, values = {}) {
  return firstOperation(featureApiFiles(feature), (op) => op.name?.value === operationName, values);
}

/** The payment detail screen's query (the web's PaymentDetail when it exists, else FALLBACK_DETAIL_QUERY). */
export function detailDocument(id) {
  return (
    webOperation(/^payment-detail.*\.graphql$/, 'payment', { id }) ?? {
      source: 'bench/lib/documents.mjs (fallback)',
      operationName: 'BenchPaymentDetail',
      query: FALLBACK_DETAIL_QUERY,
      variables: { id },
    }
  );
}

/**
 * The bulk cancel the list's multi-selection sends (web document when it exists), with its required idempotency
 * key: a new one per document (the scenarios reset the stubs, and their keys, between runs of one).
 */
export function bulkCancelDocument(ids, reason) {
  const idempotencyKey = randomUUID();
  return (
    webOperation(/^payment-actions.*\.graphql$/, 'bulkCancelPayments', { ids, reason, idempotencyKey }) ?? {
      source: 'bench/lib/documents.mjs (fallback)',
      operationName: 'BenchBulkCancel',
      query: `mutation BenchBulkCancel($ids: [ID!]!, $reason: String!, $idempotencyKey: String!) {
        bulkCancelPayments(ids: $ids, reason: $reason, idempotencyKey: $idempotencyKey) {
          results { id outcome error { message } }
        }
      }`,
      variables: { ids, reason, idempotencyKey },
    }
  );
}

/** As Apollo Client sends documents: `__typename` in every selection set below the operation's root. */
export function withTypename(query) {
  const doc = parse(query);
  const typename = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } };
  return print(
    visit(doc, {
      SelectionSet(node, _key, parent) {
        if (parent && parent.kind === Kind.OPERATION_DEFINITION) return undefined;
        const has = node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename');
        return has ? undefined : { ...node, selections: [...node.selections, typename] };
      },
    }),
  );
}

/**
 * Buscar Pagos as the web asks for it (PaymentsSearch when it exists) with 50 rows, plus `collector { id name }`
 * in every row (the Entidad column the scenario measures); LIST_QUERY otherwise.
 */
export function listDocument() {
  const web = webOperation(/^payments-search\.graphql$/, 'payments', { page: 1, pageSize: 50 });
  if (!web) return { source: 'bench/lib/documents.mjs', query: LIST_QUERY, variables: {} };
  const field = (name, selections) => ({
    kind: Kind.FIELD,
    name: { kind: Kind.NAME, value: name },
    ...(selections ? { selectionSet: { kind: Kind.SELECTION_SET, selections } } : {}),
  });
  const collector = field('collector', [field('id'), field('name')]);
  const query = print(
    visit(parse(web.query), {
      Field(node) {
        if (node.name.value !== 'rows' || !node.selectionSet) return undefined;
        const selections = node.selectionSet.selections.filter(
          (s) => !(s.kind === Kind.FIELD && s.name.value === 'collector'),
        );
        return { ...node, selectionSet: { ...node.selectionSet, selections: [...selections, collector] } };
      },
    }),
  );
  return { source: `${web.source} + collector { id name }`, query, variables: web.variables };
}

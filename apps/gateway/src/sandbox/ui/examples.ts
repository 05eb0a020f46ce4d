/**
 * Example operations shown as the sandbox's first tabs, one per area of the back-office. Each stays well inside
 * the gateway's limits (depth, aliases, cost and upstream calls) and works on the seeded data as it is: the
 * stubs' fixture payments (docs/upstream-contract.md, "Fixture payments"); sandbox/__tests__/examples.test.ts runs
 * them all against the stubs, sandbox.browser.test.ts the first one in the page.
 */
export interface Example {
  query: string;
  variables?: string;
}

/**
 * A new idempotency key (a UUID v4): one per page load, as an operator's intent is one key. randomUUID exists
 * only in secure contexts (https, localhost); a sandbox opened at a LAN address builds it from random bytes.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An approved payment whose refund the payment service approves (fixture 1000001). */
export const REFUNDABLE_PAYMENT_ID = '1000001';

/** The examples with a new idempotency key (`newIdempotencyKey`). */
export const makeExamples = (): Example[] => [
  {
    // GraphiQL 5 opens the first tab without its variables: this one carries its values as defaults.
    query: `# Pagos: búsqueda paginada (Buscar Pagos). Las páginas empiezan en 1;
# hasNextPage dice si hay otra. Cambie page para avanzar.
query Pagos(
  $filter: PaymentFilter = { status: APPROVED }
  $page: Int = 1
  $pageSize: Int = 5
  $sort: PaymentSort = { field: REQUEST_DATE, direction: DESC }
) {
  payments(filter: $filter, page: $page, pageSize: $pageSize, sort: $sort) {
    page
    pageSize
    total
    hasNextPage
    rows {
      id
      status
      finalAmount
      currencyId
      requestDate
      collector {
        id
        name
      }
    }
  }
}`,
  },
  {
    query: `# Pagos: detalle e historial de versiones de un pago.
query Pago($id: ID!) {
  payment(id: $id) {
    id
    status
    statusDetail
    finalAmount
    currencyId
  }
  paymentHistory(id: $id) {
    version
    lastUpdateDate
    status
  }
}`,
    variables: '{\n  "id": "1000012"\n}',
  },
  {
    query: `# Pagos: una devolución (mutación que mueve dinero). idempotencyKey es
# obligatoria: una por intención del operador (un UUID nuevo por carga
# de la página); repetirla con los mismos datos no devuelve dos veces.
# outcome UNKNOWN: verifique el pago antes de reintentar. El pago 1000001
# está aprobado: una vez devuelto, otra devolución responde FAILED.
mutation Devolver($id: ID!, $reason: String!, $idempotencyKey: String!) {
  refundPayment(id: $id, reason: $reason, idempotencyKey: $idempotencyKey) {
    outcome
    message
    error {
      message
      code
    }
    payment {
      id
      status
    }
  }
}`,
    variables: JSON.stringify(
      { id: REFUNDABLE_PAYMENT_ID, reason: 'Cargo duplicado', idempotencyKey: newIdempotencyKey() },
      null,
      2,
    ),
  },
  {
    query: `# Permisos: un campo sin permiso responde null y un error FORBIDDEN en
# errors (con su path); los demás campos conservan sus datos. Cada campo
# dice en su descripción el permiso que requiere ("Requiere: ...").
query Permisos {
  me {
    username
  }
  imports(pageSize: 1) {
    total
  }
}`,
  },
  {
    query: `# Cobradores: buscador de los selectores de cada pantalla.
query Cobradores($search: String) {
  collectors(search: $search, pageSize: 10) {
    total
    rows {
      id
      name
    }
  }
}`,
    variables: '{\n  "search": ""\n}',
  },
  {
    query: `# Sesión: el usuario del token y sus permisos.
query Yo {
  me {
    username
    name
    email
    permissions
  }
}`,
  },
];

/** The sandbox's tabs: made when the page loads, so each load has its own keys. */
export const EXAMPLES: Example[] = makeExamples();

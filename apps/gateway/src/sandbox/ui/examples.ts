/**
 * Example operations shown as the sandbox's first tabs, one per area of the back-office. Each stays well inside
 * the gateway's limits (depth, aliases, cost and upstream calls); sandbox.browser.test.ts runs the first one.
 */
export interface Example {
  query: string;
  variables?: string;
}

export const EXAMPLES: Example[] = [
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
    variables: '{\n  "id": "1002500"\n}',
  },
  {
    query: `# Pagos: una devolución (mutación que mueve dinero). idempotencyKey es
# obligatoria: una por intención del operador (un UUID nuevo); repetirla
# con los mismos datos no devuelve dos veces. outcome UNKNOWN: verifique
# el pago antes de reintentar.
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
    variables:
      '{\n  "id": "1002500",\n  "reason": "Cargo duplicado",\n' +
      '  "idempotencyKey": "3f1c2a7e-5b8d-4c2e-9a61-0d4b7e2f9c10"\n}',
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

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
    query: `# Pagos: búsqueda paginada (Buscar Pagos).
query Pagos($filter: PaymentFilter = { status: APPROVED }, $pageSize: Int = 5) {
  payments(filter: $filter, pageSize: $pageSize) {
    pageSize
    total
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

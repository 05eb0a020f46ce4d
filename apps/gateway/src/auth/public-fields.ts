/**
 * Root fields that need only a signed-in user (no @auth), reviewed one by one. Every other Query field and every
 * Mutation field must carry @auth: the coverage tests (auth-directive.test.ts and the generated role matrix in
 * __tests__/security) fail when a new root field has neither @auth nor an entry here.
 */
export const PUBLIC_ROOT_FIELDS: Readonly<Record<string, string>> = {
  'Query.me': 'The signed-in user and its permissions: the web needs it to decide what to show.',
  'Query.payments': 'Buscar Pagos: spec 000 §6 lists it without a permission; the menu item is always shown.',
  'Query.collectors':
    'The collector filter of Buscar Pagos (every user may search payments, so every user may pick a collector).',
  'Query.collector': 'The collector link of a payment row or detail (same reason as collectors).',
  'Query.payment':
    'Payment detail (/pago/{id}): every user who may search payments may open one; its sensitive parts (fees, batch) carry their own @auth.',
  'Query.paymentHistory':
    'Version history: the action table of spec 000 §4 says "Reload and history: always" (PAYMENT_SHOW_HISTORY is not required).',
  'Query.paymentVersion': 'One version picked in the history dialog: same rule as paymentHistory.',
  'Query.paymentMethodCatalogue':
    'Reference data (media payment id -> Spanish name), no payment data: the payment-method filter of Buscar Pagos and the method labels, which every user who may search payments sees.',
};

/** Mutations never go without @auth: this list is empty on purpose. */
export const PUBLIC_MUTATIONS: readonly string[] = [];

import type { ExportType } from './gql/graphql';

/** The lists that can be exported, by name (the dialog's Tipo, the history's column). */
export const EXPORT_TYPE_LABELS: Readonly<Record<ExportType, string>> = {
  PAYMENTS: 'Pagos',
  SUBSCRIPTION: 'Suscripciones',
};

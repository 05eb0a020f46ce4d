import { createContext, useContext, useMemo } from 'react';
import { dataTableClasses, type DataTableColumn } from '@/components/data-table/data-table';
import type { PaymentMethodsCellFragment, PaymentsTableRowFragment } from '../gql/graphql';
import { formatAmount, formatDateTime } from '@/lib/format';
import {
  EMPTY_PAYMENT_METHOD_CATALOGUE,
  describePaymentMethods,
  paymentMethodLabels,
} from '../payment-methods';
import { rowMenuActions, type ListActionKind } from '../payments-bulk-rules';
import { PaymentRowActions } from './payment-row-actions';
import { PaymentStatusChip } from './payment-status-chip';
import { statusColumn } from '@/components/detail/status-chip';
import { recordHref } from '@/lib/record-href';

/** One row of the grid (fragment PaymentsTableRow). */
export type PaymentRow = PaymentsTableRowFragment;

/**
 * The gateway's payment-method catalogue for the method cells. A context rather than a column dependency: the
 * grid's columns stay the same object when the catalogue arrives (new columns make the grid re-apply its own
 * sort model, which could undo a sort change in flight).
 */
const CatalogueContext = createContext(EMPTY_PAYMENT_METHOD_CATALOGUE);

/** Method names with the masked card kept on one line ("Visa Débito •••• 1234"). */
function PaymentMethodsCell({ methods }: { methods: PaymentMethodsCellFragment['paymentMethods'] }) {
  const catalogue = useContext(CatalogueContext);
  const labels = paymentMethodLabels(methods, catalogue);
  if (labels.length === 0) {
    return (
      <span className={dataTableClasses.empty} aria-label="Sin medio de pago">
        —
      </span>
    );
  }
  return (
    <span className={dataTableClasses.twoLines} title={describePaymentMethods(methods, catalogue)}>
      {labels.map((label, index) => (
        <span key={index}>
          {index > 0 && ' + '}
          {label.name}
          {label.masked && (
            <>
              {' '}
              <span className={dataTableClasses.secondary}>{label.masked}</span>
            </>
          )}
        </span>
      ))}
    </span>
  );
}

const ID_CLASS = `${dataTableClasses.figures} ${dataTableClasses.key}`;

const DATA_COLUMNS: DataTableColumn<PaymentRow>[] = [
  {
    field: 'requestDate',
    headerName: 'FECHA',
    width: 100,
    lines: 2,
    sortable: true,
    render: (row) => formatDateTime(row.requestDate),
  },
  {
    field: 'id',
    headerName: 'ID TRANSACCIÓN',
    width: 88,
    render: (row) => <span className={ID_CLASS}>{row.id}</span>,
  },
  {
    field: 'conceptId',
    headerName: 'CONCEPTO',
    width: 84,
    // Broken at its hyphen ('SAU-' / '112026') rather than cut at 1280 px with the menu open.
    lines: 2,
    render: (row) => row.conceptId ?? '',
  },
  {
    field: 'conceptDescription',
    headerName: 'DESCRIPCIÓN',
    flex: 1,
    minWidth: 96,
    lines: 2,
    render: (row) => row.conceptDescription ?? '',
  },
  {
    field: 'payerName',
    headerName: 'NOMBRE',
    flex: 1,
    minWidth: 96,
    lines: 2,
    sortable: true,
    render: (row) => row.payer?.name ?? '',
  },
  {
    field: 'finalAmount',
    headerName: 'IMPORTE',
    width: 108,
    align: 'right',
    sortable: true,
    render: (row) => <span className={dataTableClasses.figures}>{formatAmount(row.finalAmount)}</span>,
  },
  {
    field: 'paymentMethods',
    headerName: 'MEDIO DE PAGO',
    width: 120,
    lines: 2,
    render: (row) => <PaymentMethodsCell methods={row.paymentMethods} />,
  },
  statusColumn((row) => <PaymentStatusChip status={row.status} />, { width: 104 }),
];

/** ACCIONES: "Ver detalle" and the menu of the row's list actions (from its `actions`). */
function actionsColumn(
  onRowAction: ((kind: ListActionKind, row: PaymentRow) => void) | undefined,
): DataTableColumn<PaymentRow> {
  return {
    field: 'actions',
    headerName: 'ACCIONES',
    width: 84,
    align: 'center',
    rowLink: false,
    render: (row) => (
      <PaymentRowActions
        paymentId={row.id}
        detailHref={recordHref('payment', { id: row.id })}
        actions={onRowAction ? rowMenuActions(row.actions) : []}
        onAction={(kind) => onRowAction?.(kind, row)}
      />
    ),
  };
}

/** The payment-method catalogue the method cells read (`usePaymentMethodCatalogue`'s), around the grid. */
export const PaymentsCatalogueProvider = CatalogueContext.Provider;

/**
 * The Buscar Pagos grid's columns: the spec's nine, ACCIONES calling `onRowAction` (without it, no menu). The
 * same array while `onRowAction` stays (new columns make the grid re-apply its own sort model, which could undo
 * a sort change in flight).
 */
export function usePaymentColumns(
  onRowAction?: (kind: ListActionKind, row: PaymentRow) => void,
): DataTableColumn<PaymentRow>[] {
  return useMemo(() => [...DATA_COLUMNS, actionsColumn(onRowAction)], [onRowAction]);
}

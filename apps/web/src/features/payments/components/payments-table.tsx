import { createContext, useContext, useMemo } from 'react';
import { DataTable, dataTableClasses, type DataTableColumn } from '@/components/data-table/data-table';
import type { PaymentMethodsCellFragment, PaymentsTableRowFragment } from '../gql/graphql';
import { formatAmount, formatDateTime } from '@/lib/format';
import { usePaymentMethodCatalogue } from '../hooks/use-payment-method-catalogue';
import {
  EMPTY_PAYMENT_METHOD_CATALOGUE,
  describePaymentMethods,
  paymentMethodLabels,
} from '../payment-methods';
import { rowMenuActions, type ListActionKind } from '../payments-bulk-rules';
import type { PaymentsSort } from '../payments-list-state';
import { fromTableSort, toTableSort } from '../payments-sort';
import { PaymentRowActions } from './payment-row-actions';
import { PaymentStatusChip } from './payment-status-chip';

/** One row of the grid (fragment PaymentsTableRow). */
export type PaymentRow = PaymentsTableRowFragment;

/** Where a payment's detail lives. */
export function paymentHref(id: string): string {
  return `/pago/${encodeURIComponent(id)}`;
}

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
  { field: 'conceptId', headerName: 'CONCEPTO', width: 88, render: (row) => row.conceptId ?? '' },
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
  {
    field: 'status',
    headerName: 'ESTADO',
    width: 108,
    sortable: true,
    render: (row) => <PaymentStatusChip status={row.status} />,
  },
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
        detailHref={paymentHref(row.id)}
        actions={onRowAction ? rowMenuActions(row.actions) : []}
        onAction={(kind) => onRowAction?.(kind, row)}
      />
    ),
  };
}

const rowId = (row: PaymentRow) => row.id;
const rowHref = (row: PaymentRow) => paymentHref(row.id);

export interface PaymentsTableProps {
  rows: readonly PaymentRow[];
  /** Undefined while unknown. */
  total: number | undefined;
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  sort: PaymentsSort;
  loading: boolean;
  selectedIds: readonly string[];
  onPageChange: (page: number, pageSize: number) => void;
  onSortChange: (sort: PaymentsSort | null) => void;
  onSelectionChange: (ids: string[]) => void;
  /** Rows can be selected for the bulk actions (default); false for a role that can run none of them. */
  selectable?: boolean;
  /** A row action chosen in the ACCIONES menu; without it the menu is not shown. */
  onRowAction?: (kind: ListActionKind, row: PaymentRow) => void;
}

/** The Buscar Pagos grid: the spec's nine columns, rows linking to /pago/{id}. */
export function PaymentsTable(props: PaymentsTableProps) {
  const { onSortChange, onRowAction } = props;
  const { catalogue } = usePaymentMethodCatalogue();
  const columns = useMemo(() => [...DATA_COLUMNS, actionsColumn(onRowAction)], [onRowAction]);
  const { field, direction } = props.sort;
  const tableSort = useMemo(() => toTableSort({ field, direction }), [field, direction]);
  return (
    <CatalogueContext.Provider value={catalogue}>
      <DataTable<PaymentRow>
        ariaLabel="Pagos"
        rows={props.rows}
        columns={columns}
        getRowId={rowId}
        getRowHref={rowHref}
        rowCount={props.total}
        page={props.page}
        pageSize={props.pageSize}
        pageSizeOptions={props.pageSizeOptions}
        onPageChange={props.onPageChange}
        sort={tableSort}
        onSortChange={(sort) => onSortChange(fromTableSort(sort))}
        loading={props.loading}
        emptyMessage="No se encontraron pagos"
        selectable={props.selectable ?? true}
        selectedIds={props.selectedIds}
        onSelectionChange={props.onSelectionChange}
      />
    </CatalogueContext.Provider>
  );
}

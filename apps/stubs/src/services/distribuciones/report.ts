/** The distributions report (spec 001 §7 "Exports": start_date and end_date on request_date), one row per detail. */
import { badRequest } from '../../lib/errors.js';
import type { Table } from '../../lib/file-writers.js';
import type { Distribution, DistributionDetail, DistributionStore } from './store.js';

type Row = { header: Distribution; detail: DistributionDetail };

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

function instant(query: Record<string, unknown>, name: string): number | null {
  const value = query[name];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !ISO.test(value)) {
    throw badRequest('invalid_filters', `El parámetro ${name} debe ser una fecha ISO 8601.`);
  }
  return Date.parse(value);
}

export function reportTable(store: DistributionStore, query: Record<string, unknown>): Table<Row> {
  const from = instant(query, 'start_date');
  const to = instant(query, 'end_date');
  const type = typeof query.type === 'string' && query.type ? query.type : null;
  const status = typeof query.status === 'string' && query.status ? query.status : null;
  const rows: Row[] = [];
  for (const header of store.distributions.all()) {
    const at = Date.parse(header.request_date);
    if ((from !== null && at < from) || (to !== null && at > to)) continue;
    if ((type && header.type !== type) || (status && header.status !== status)) continue;
    for (const detail of store.detailsOf(header.id)) rows.push({ header, detail });
  }
  rows.sort((a, b) => b.header.request_date.localeCompare(a.header.request_date));
  return {
    sheetName: 'Distribuciones',
    rows,
    columns: [
      { key: 'id', header: 'ID', value: (r) => r.header.id },
      { key: 'payment_id', header: 'ID de pago', value: (r) => r.header.payment_id },
      { key: 'request_date', header: 'Fecha de solicitud', value: (r) => r.header.request_date },
      { key: 'signature', header: 'Signature', value: (r) => r.header.collector.id },
      { key: 'entity', header: 'Entidad', value: (r) => r.header.collector.name, width: 36 },
      { key: 'status', header: 'Estado', value: (r) => r.header.status },
      { key: 'total_amount', header: 'Importe total', value: (r) => r.header.total_amount },
      { key: 'detail_id', header: 'Detalle', value: (r) => r.detail.id },
      { key: 'detail_status', header: 'Estado del detalle', value: (r) => r.detail.status },
      { key: 'destination_type', header: 'Tipo de destino', value: (r) => r.detail.destination.type },
      { key: 'destination', header: 'Destino', value: (r) => r.detail.destination.value, width: 26 },
      { key: 'cuit', header: 'CUIT', value: (r) => r.detail.destination.cuit },
      { key: 'amount', header: 'Importe', value: (r) => r.detail.amount },
    ],
  };
}

import { DAY_MS } from '../../lib/dates.js';
import type { SeedContext } from '../../lib/service.js';
import { ConverterStore, type ConverterConfiguration } from './store.js';

const iso = (ms: number): string => new Date(ms).toISOString();

export function seedConverter({ today }: SeedContext): ConverterStore {
  const rows: ConverterConfiguration[] = [
    {
      id: '1',
      name: 'Banco Provincia - débitos (CSV)',
      description: 'Columnas referencia; concepto; detalle; importe (1.234,56); correo; titular; dni',
      type: 'payments',
      kind: 'origin',
      status: 'active',
      columns: {
        external_transaction_id: 'referencia',
        concept_id: 'concepto',
        concept_description: 'detalle',
        amount: 'importe',
        payer_email: 'correo',
        payer_name: 'titular',
        payer_document: 'dni',
      },
      decimal_comma: true,
      created_date: iso(today - 300 * DAY_MS),
    },
    {
      id: '2',
      name: 'Rapipago - planilla de cobranzas (XLSX)',
      description: 'Columnas nro_comprobante, codigo, descripcion, monto, email, cliente, documento',
      type: 'payments',
      kind: 'origin',
      status: 'active',
      columns: {
        external_transaction_id: 'nro_comprobante',
        concept_id: 'codigo',
        concept_description: 'descripcion',
        amount: 'monto',
        payer_email: 'email',
        payer_name: 'cliente',
        payer_document: 'documento',
      },
      decimal_comma: false,
      created_date: iso(today - 200 * DAY_MS),
    },
    {
      id: '3',
      name: 'Formato anterior (dado de baja)',
      description: 'Reemplazado por Banco Provincia - débitos',
      type: 'payments',
      kind: 'origin',
      status: 'inactive',
      columns: null,
      decimal_comma: false,
      created_date: iso(today - 700 * DAY_MS),
    },
    {
      id: '100',
      name: 'API de importación de pagos',
      description: 'Envía las filas convertidas al servicio de importación',
      type: 'payments',
      kind: 'destination',
      status: 'active',
      columns: null,
      decimal_comma: false,
      created_date: iso(today - 700 * DAY_MS),
    },
  ];
  return new ConverterStore(rows);
}

// Writes apps/stubs/samples/imports/pagos.xlsx (the clean XLSX sample of the import service).
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';

const target = fileURLToPath(new URL('../samples/imports/pagos.xlsx', import.meta.url));
const workbook = new ExcelJS.Workbook();
workbook.created = new Date('2026-11-01T12:00:00Z');
workbook.modified = workbook.created;
const sheet = workbook.addWorksheet('Pagos');
sheet.addRow([
  'external_transaction_id',
  'concept_id',
  'concept_description',
  'amount',
  'payer_email',
  'payer_name',
  'payer_document',
]);
sheet.addRow([
  'XLS-DEMO-0001',
  'CUO-DIC',
  'Cuota diciembre',
  9800.5,
  'rosa.luna@gmail.com',
  'Rosa Luna',
  '31555666',
]);
sheet.addRow([
  'XLS-DEMO-0002',
  'CUO-DIC',
  'Cuota diciembre',
  9800.5,
  'hugo.ibarra@gmail.com',
  'Hugo Ibarra',
  '27666777',
]);
sheet.addRow([
  'XLS-DEMO-0003',
  'INS-2027',
  'Inscripción 2027',
  25000,
  'elena.mora@gmail.com',
  'Elena Mora',
  '42111888',
]);
await workbook.xlsx.writeFile(target);
console.log(`written ${target}`);

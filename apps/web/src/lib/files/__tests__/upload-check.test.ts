import { describe, expect, it } from 'vitest';
import { acceptAttribute, sizeText, uploadProblem, type UploadRule } from '../upload-check';

const RULE: UploadRule = { accept: ['csv', 'xlsx'], maxBytes: 10 * 1024 * 1024 };

describe('uploadProblem', () => {
  it('accepts an allowed type within the size, whatever the extension case', () => {
    expect(uploadProblem({ name: 'pagos.csv', size: 120 }, RULE)).toBeNull();
    expect(uploadProblem({ name: 'Pagos Diciembre.XLSX', size: RULE.maxBytes }, RULE)).toBeNull();
  });

  it('refuses another type, a file without extension, a file over the size and an empty one, in Spanish', () => {
    const wrongType = 'El tipo de archivo no es válido: se aceptan archivos CSV o XLSX.';
    expect(uploadProblem({ name: 'pagos.pdf', size: 10 }, RULE)).toBe(wrongType);
    expect(uploadProblem({ name: 'pagos', size: 10 }, RULE)).toBe(wrongType);
    expect(uploadProblem({ name: 'pagos.csv.exe', size: 10 }, RULE)).toBe(wrongType);
    expect(uploadProblem({ name: 'pagos.csv', size: RULE.maxBytes + 1 }, RULE)).toBe(
      'El archivo supera el tamaño máximo permitido (10 MB).',
    );
    expect(uploadProblem({ name: 'pagos.csv', size: 0 }, RULE)).toBe('El archivo está vacío.');
  });

  it('writes limits and accept lists as the gateway does', () => {
    expect(sizeText(10 * 1024 * 1024)).toBe('10 MB');
    expect(sizeText(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(sizeText(512 * 1024)).toBe('512 KB');
    expect(acceptAttribute(RULE)).toBe('.csv,.xlsx');
    expect(uploadProblem({ name: 'a.doc', size: 1 }, { accept: ['csv', 'txt', 'xml'], maxBytes: 1 })).toBe(
      'El tipo de archivo no es válido: se aceptan archivos CSV, TXT o XML.',
    );
  });
});

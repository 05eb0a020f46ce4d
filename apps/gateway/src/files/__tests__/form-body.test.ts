import { describe, expect, it } from 'vitest';
import { multipartBody, newBoundary } from '../form-body.js';

const read = async (stream: ReadableStream<Uint8Array>) => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
};

/** What fetch sends for a FormData of these fields and this file (its body, its boundary). */
async function fetchEncoding(
  fields: [string, string][],
  file: { field: string; name: string; type: string; chunks: Uint8Array[] },
) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  form.append(file.field, new Blob(file.chunks, { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const boundary = /boundary=(.+)$/.exec(request.headers.get('content-type')!)![1]!;
  return { boundary, bytes: Buffer.from(await request.arrayBuffer()) };
}

describe('multipartBody', () => {
  const chunks = [Buffer.from('id,monto\n1,'), Buffer.from('100.50\r\n'), Buffer.from('2,20\n')];

  it('is byte for byte what fetch sends for the same FormData: quotes, line breaks, UTF-8, types', async () => {
    const cases: Array<Parameters<typeof fetchEncoding>> = [
      [[['collector_id', '15']], { field: 'file', name: 'pagos.csv', type: 'text/csv', chunks }],
      [
        [
          ['a"b', 'línea 1\nlínea 2\rfin\r\n'],
          ['vacío', ''],
        ],
        { field: 'archivo\n"x"', name: 'pagos_año "final".csv', type: '', chunks },
      ],
      [[], { field: 'file', name: 'a.xlsx', type: 'application/vnd.ms-excel', chunks: [Buffer.alloc(0)] }],
    ];
    for (const [fields, file] of cases) {
      const expected = await fetchEncoding(fields, file);
      const body = multipartBody(fields, { ...file, content: file.chunks }, expected.boundary);
      const sent = Buffer.concat(await read(body.stream));
      expect(sent.toString('latin1')).toBe(expected.bytes.toString('latin1'));
      expect(body.length).toBe(expected.bytes.length);
      expect(body.contentType).toBe(`multipart/form-data; boundary=${expected.boundary}`);
    }
  });

  it('sends the file’s chunks themselves, not copies nor one joined buffer', async () => {
    const body = multipartBody([['collector_id', '15']], {
      field: 'file',
      name: 'pagos.csv',
      type: 'text/csv',
      content: chunks,
    });
    const sent = await read(body.stream);
    expect(sent).toHaveLength(chunks.length + 2);
    sent.slice(1, -1).forEach((chunk, i) => expect(chunk).toBe(chunks[i]));
  });

  it('a boundary of fetch’s shape, a new one each time', () => {
    expect(newBoundary()).toMatch(/^----formdata-undici-0\d{11}$/);
    expect(new Set(Array.from({ length: 20 }, newBoundary)).size).toBeGreaterThan(1);
  });
});

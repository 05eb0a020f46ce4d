/**
 * Reading a `multipart/form-data` request (the import and converter uploads) with the platform's own
 * parser (undici's `Request.formData()` in Node 20): text fields as strings, the file as bytes. A request
 * that is not multipart, or has no file in `fileField`, is a 400 with a Spanish message.
 */
import { Readable } from 'node:stream';
import type { Request } from 'express';
import { badRequest } from './errors.js';

export interface UploadedFile {
  name: string;
  type: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: UploadedFile;
}

export async function readMultipart(req: Request, fileField = 'file'): Promise<MultipartForm> {
  const contentType = req.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest('invalid_content_type', 'La solicitud debe ser multipart/form-data.');
  }
  let form: FormData;
  try {
    const body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    form = await new globalThis.Request('http://stub.local/upload', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
      duplex: 'half',
    } as RequestInit).formData();
  } catch {
    throw badRequest('invalid_multipart', 'El cuerpo multipart no es válido.');
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else if (name === fileField && !file) {
      file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
    }
  }
  if (!file) throw badRequest('file_required', `Falta el archivo (${fileField}).`);
  const recorded = (req as Request & { recorded?: { body: unknown } }).recorded;
  if (recorded) recorded.body = { ...fields, [fileField]: { name: file.name, size: file.bytes.length } };
  return { fields, file };
}

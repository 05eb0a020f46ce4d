/**
 * Reads an upload's multipart body with busboy, refusing as early as it can: a declared Content-Length over the
 * limit before reading anything, a file of another extension as soon as its part starts, a file over the limit as
 * soon as it passes it, a content that does not match its extension once read. Nothing is forwarded until the whole
 * file is in and checked (the file is held in memory, at most `maxBytes`).
 */
import busboy from 'busboy';
import type { Request } from 'express';
import {
  BAD_FORM_MESSAGE,
  EMPTY_FILE_MESSAGE,
  FileRefusal,
  NO_FILE_MESSAGE,
  badRequest,
  notMultipart,
  tooLarge,
  wrongType,
} from './refusals.js';
import { contentMatches, formatList, formatOf } from './sniff.js';
import type { UploadDefinition, UploadFormat } from './types.js';

export interface ParsedUpload {
  fields: Record<string, string>;
  file: { name: string; format: UploadFormat; mimeType: string; bytes: Buffer };
}

/** Room for the text fields and the multipart framing on top of the file in a declared Content-Length. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;
const MAX_FIELD_BYTES = 4096;
const MAX_FIELDS = 50;

/** Refusals that can be decided from the headers alone (before reading the body). */
export function checkUploadHeaders(req: Request, definition: UploadDefinition): void {
  if (!/^multipart\/form-data\s*;/i.test(req.headers['content-type'] ?? '')) throw notMultipart();
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding !== 'identity') throw notMultipart();
  const declared = req.headers['content-length'];
  if (declared !== undefined && !(Number(declared) <= definition.maxBytes + FORM_OVERHEAD_BYTES)) {
    throw tooLarge(definition.maxBytes);
  }
}

export function parseUpload(req: Request, definition: UploadDefinition): Promise<ParsedUpload> {
  const fileField = definition.fileField ?? 'file';
  const wanted = new Set(definition.fields ?? []);
  const accepted = formatList(definition.accept);
  return new Promise<ParsedUpload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: definition.maxBytes,
          files: 1,
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          parts: MAX_FIELDS + 1,
        },
      });
    } catch {
      reject(notMultipart());
      return;
    }
    const fields: Record<string, string> = {};
    let file: ParsedUpload['file'] | null = null;
    /** The file part's end (busboy may close before the file stream's 'end' is delivered). */
    let fileRead: Promise<void> = Promise.resolve();
    let settled = false;
    const fail = (refusal: FileRefusal) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      parser.removeAllListeners();
      parser.on('error', () => undefined);
      reject(refusal);
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(badRequest(BAD_FORM_MESSAGE));
      else if (wanted.has(name)) fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== fileField || file) {
        stream.resume();
        return;
      }
      const format = formatOf(info.filename ?? '', definition.accept);
      if (!format) {
        stream.resume();
        fail(wrongType(accepted));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let ended!: () => void;
      fileRead = new Promise((resolve) => (ended = resolve));
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
      });
      stream.on('limit', () => {
        stream.resume();
        fail(tooLarge(definition.maxBytes));
      });
      stream.on('end', () => {
        ended();
        if (settled || stream.truncated) return;
        const bytes = Buffer.concat(chunks, size);
        if (bytes.length === 0) fail(badRequest(EMPTY_FILE_MESSAGE));
        else if (!contentMatches(format, bytes)) fail(wrongType(accepted));
        else file = { name: info.filename ?? '', format, mimeType: info.mimeType, bytes };
      });
    });
    parser.on('partsLimit', () => fail(badRequest(BAD_FORM_MESSAGE)));
    parser.on('fieldsLimit', () => fail(badRequest(BAD_FORM_MESSAGE)));
    parser.on('error', () => fail(badRequest(BAD_FORM_MESSAGE)));
    parser.on('close', () => {
      void fileRead.then(() => {
        if (settled) return;
        if (!file) {
          fail(badRequest(NO_FILE_MESSAGE));
          return;
        }
        settled = true;
        resolve({ fields, file });
      });
    });
    req.on('aborted', () => fail(badRequest(BAD_FORM_MESSAGE)));
    req.pipe(parser);
  });
}

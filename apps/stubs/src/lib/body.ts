/** Reading request bodies and path parameters with the upstream error shape. */
import type { Request } from 'express';
import { badRequest, validationError } from './errors.js';

export type Json = Record<string, unknown>;

/** The JSON object body (an absent body is an empty object). */
export function objectBody(req: Request): Json {
  const body: unknown = req.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('invalid_body', 'El cuerpo debe ser un objeto JSON.');
  }
  return body as Json;
}

/** A non-empty trimmed string, or 422 with the given extended code. */
export function requiredText(value: unknown, extendedCode: string, message: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw validationError(extendedCode, message);
  return value.trim();
}

export function param(req: Request, name: string): string {
  const value = req.params[name];
  return typeof value === 'string' ? value : '';
}

/** Digits only, from a string or a non-negative integer. */
export function digitsOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return value.trim();
  return undefined;
}

/** An amount: finite, positive, at most two decimals. */
export function amountOf(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value.replace(',', '.')) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) return undefined;
  if (Math.abs(Math.round(number * 100) - number * 100) > 1e-6) return undefined;
  return Math.round(number * 100) / 100;
}

export const isEmail = (value: unknown): value is string =>
  typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

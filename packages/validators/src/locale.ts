/**
 * The one place that sets yup's default messages to Spanish (es-AR).
 *
 * yup reads its locale when a schema is built, so every module of this package
 * that builds a schema imports this file first (`import './locale.js'`).
 * Importing anything from `@backoffice/validators` therefore applies it, also
 * for schemas the web or the gateway build themselves with the same yup.
 */
import { setLocale, type LocaleObject } from 'yup';
import { MESSAGES } from './messages.js';

export const SPANISH_YUP_LOCALE = {
  mixed: {
    default: 'Valor inválido.',
    required: MESSAGES.required,
    defined: MESSAGES.required,
    notNull: MESSAGES.required,
    oneOf: 'Debe ser uno de los siguientes valores: ${values}.',
    notOneOf: 'No puede ser ninguno de los siguientes valores: ${values}.',
    notType: 'Valor inválido.',
  },
  string: {
    length: 'Debe tener exactamente ${length} caracteres.',
    min: 'Debe tener al menos ${min} caracteres.',
    max: 'Debe tener como máximo ${max} caracteres.',
    matches: 'El formato no es válido.',
    email: 'Email inválido',
    url: 'La URL no es válida.',
    uuid: 'El UUID no es válido.',
    datetime: 'La fecha y hora no es válida.',
    datetime_precision: 'La fecha y hora debe tener ${precision} decimales de segundo.',
    datetime_offset: 'La fecha y hora debe estar en UTC (Z).',
    trim: 'No debe tener espacios al inicio ni al final.',
    lowercase: 'Debe estar en minúsculas.',
    uppercase: 'Debe estar en mayúsculas.',
  },
  number: {
    min: 'Debe ser mayor o igual a ${min}.',
    max: 'Debe ser menor o igual a ${max}.',
    lessThan: 'Debe ser menor a ${less}.',
    moreThan: 'Debe ser mayor a ${more}.',
    positive: 'Debe ser un número positivo.',
    negative: 'Debe ser un número negativo.',
    integer: 'Debe ser un número entero.',
  },
  date: {
    min: 'Debe ser posterior o igual a ${min}.',
    max: 'Debe ser anterior o igual a ${max}.',
  },
  boolean: {
    isValue: 'Debe ser ${value}.',
  },
  object: {
    noUnknown: 'Contiene campos no permitidos: ${unknown}.',
    exact: 'Contiene campos no permitidos: ${properties}.',
  },
  array: {
    min: 'Debe tener al menos ${min} elementos.',
    max: 'Debe tener como máximo ${max} elementos.',
    length: 'Debe tener ${length} elementos.',
  },
  tuple: {
    notType: 'Valor inválido.',
  },
} satisfies LocaleObject;

setLocale(SPANISH_YUP_LOCALE);

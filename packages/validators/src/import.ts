/**
 * Payment import form (/importacion, 001 §5 "Import form").
 */
import './locale.js';
import * as yup from 'yup';
import { MESSAGES } from './messages.js';
import { isPresent } from './text.js';
import { mixedField, siblingMixedField } from './yup-helpers.js';

export interface MatchOptions {
  matchPayer: boolean;
  matchConcept: boolean;
  matchIdentification: boolean;
}

export type MatchOption = 'payer' | 'concept' | 'identification';

/** The collector's match_import values and the option each forces on. */
export const MATCH_IMPORT_OPTIONS: Readonly<Record<string, MatchOption>> = {
  match_payer: 'payer',
  match_concept: 'concept',
  match_identification: 'identification',
};

export const NO_MATCH_OPTIONS: Readonly<MatchOptions> = {
  matchPayer: false,
  matchConcept: false,
  matchIdentification: false,
};

/**
 * Applies a checkbox change. Identification is mutually exclusive with payer
 * and concept: turning identification on clears the other two; turning payer
 * or concept on clears identification. Payer and concept may both be on.
 */
export function toggleMatchOption(
  current: MatchOptions,
  option: MatchOption,
  checked: boolean,
): MatchOptions {
  const next: MatchOptions = { ...current };
  if (option === 'identification') {
    next.matchIdentification = checked;
    if (checked) {
      next.matchPayer = false;
      next.matchConcept = false;
    }
    return next;
  }
  if (option === 'payer') next.matchPayer = checked;
  else next.matchConcept = checked;
  if (checked) next.matchIdentification = false;
  return next;
}

/** 'match_payer' | 'match_concept' | 'match_identification' -> the option, else undefined. */
export function parseMatchImport(value: unknown): MatchOption | undefined {
  return typeof value === 'string' ? MATCH_IMPORT_OPTIONS[value.trim().toLowerCase()] : undefined;
}

export interface CollectorMatchState {
  options: MatchOptions;
  /** True when the collector forces an option: all three checkboxes are locked. */
  locked: boolean;
}

/**
 * Applies the chosen collector's match_import: when set, that option is forced
 * on (with the exclusivity rule, as if the operator had ticked it) and all three
 * checkboxes are locked; otherwise the options stay as they are and are free.
 */
export function applyCollectorMatchImport(current: MatchOptions, matchImport: unknown): CollectorMatchState {
  const forced = parseMatchImport(matchImport);
  if (forced === undefined) return { options: { ...current }, locked: false };
  return { options: toggleMatchOption(current, forced, true), locked: true };
}

/** The exclusivity rule as a check (for the gateway): identification alone. */
export function checkMatchOptions(options: Partial<MatchOptions>): string | undefined {
  if (
    options.matchIdentification === true &&
    (options.matchPayer === true || options.matchConcept === true)
  ) {
    return MESSAGES.importMatchExclusive;
  }
  return undefined;
}

/** File: 'Seleccione un archivo'. */
export function checkImportFile(value: unknown): string | undefined {
  return isPresent(value) ? undefined : MESSAGES.importFileRequired;
}

/** Collector: 'Seleccione una entidad'. */
export function checkImportCollector(value: unknown): string | undefined {
  return isPresent(value) ? undefined : MESSAGES.importCollectorRequired;
}

/** Converter mode requires a source configuration ('Seleccione una configuración de origen'). */
export function checkSourceConfiguration(converter: unknown, value: unknown): string | undefined {
  if (converter !== true) return undefined;
  return isPresent(value) ? undefined : MESSAGES.importSourceConfigurationRequired;
}

export interface ImportFormValues extends Partial<MatchOptions> {
  collectorId?: string | number | null;
  /** The picked file (a browser File, or an upload on the gateway). */
  file?: unknown;
  /** Converter mode on. */
  converter?: boolean | null;
  sourceConfigurationId?: string | number | null;
}

/** Import form: file and collector required; converter needs a source configuration; match rule. */
export const importFormSchema = yup.object({
  collectorId: mixedField<string | number>(checkImportCollector, 'importCollector'),
  file: mixedField(checkImportFile, 'importFile'),
  converter: yup.boolean().nullable(),
  sourceConfigurationId: siblingMixedField<string | number, ImportFormValues>(
    (value, parent) => checkSourceConfiguration(parent.converter, value),
    'sourceConfiguration',
  ),
  matchPayer: yup.boolean().nullable(),
  matchConcept: yup.boolean().nullable(),
  matchIdentification: siblingMixedField<boolean, ImportFormValues>(
    (_value, parent) => checkMatchOptions(parent),
    'matchOptions',
  ),
});

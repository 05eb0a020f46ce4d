import { describe, expect, it } from 'vitest';
import {
  applyCollectorMatchImport,
  checkImportCollector,
  checkImportFile,
  checkMatchOptions,
  checkSourceConfiguration,
  importFormSchema,
  NO_MATCH_OPTIONS,
  parseMatchImport,
  toggleMatchOption,
  type MatchOptions,
} from './import.js';
import { MESSAGES } from './messages.js';
import { formikErrors } from './__tests__/reference.js';

const options = (matchPayer: boolean, matchConcept: boolean, matchIdentification: boolean): MatchOptions => ({
  matchPayer,
  matchConcept,
  matchIdentification,
});

describe('toggleMatchOption', () => {
  it('identification clears payer and concept', () => {
    expect(toggleMatchOption(options(true, true, false), 'identification', true)).toEqual(
      options(false, false, true),
    );
  });

  it('payer or concept clears identification; both may be on', () => {
    expect(toggleMatchOption(options(false, false, true), 'payer', true)).toEqual(
      options(true, false, false),
    );
    expect(toggleMatchOption(options(false, false, true), 'concept', true)).toEqual(
      options(false, true, false),
    );
    expect(toggleMatchOption(options(true, false, false), 'concept', true)).toEqual(
      options(true, true, false),
    );
  });

  it('unchecking changes only that option and does not mutate the input', () => {
    const current = options(true, true, false);
    expect(toggleMatchOption(current, 'payer', false)).toEqual(options(false, true, false));
    expect(toggleMatchOption(options(false, false, true), 'identification', false)).toEqual(NO_MATCH_OPTIONS);
    expect(current).toEqual(options(true, true, false));
  });

  it('never yields identification together with payer or concept', () => {
    const all: MatchOptions[] = [];
    for (const p of [false, true]) for (const c of [false, true]) all.push(options(p, c, false));
    all.push(options(false, false, true));
    for (const start of all) {
      for (const option of ['payer', 'concept', 'identification'] as const) {
        for (const checked of [true, false]) {
          expect(checkMatchOptions(toggleMatchOption(start, option, checked))).toBeUndefined();
        }
      }
    }
    expect(checkMatchOptions(options(true, false, true))).toBe(MESSAGES.importMatchExclusive);
  });
});

describe('applyCollectorMatchImport', () => {
  it("forces the collector's option on and locks the checkboxes", () => {
    expect(parseMatchImport('match_identification')).toBe('identification');
    expect(parseMatchImport('otro')).toBeUndefined();
    expect(applyCollectorMatchImport(options(true, true, false), 'match_identification')).toEqual({
      options: options(false, false, true),
      locked: true,
    });
    expect(applyCollectorMatchImport(options(false, true, false), 'match_payer')).toEqual({
      options: options(true, true, false),
      locked: true,
    });
    expect(applyCollectorMatchImport(options(false, false, true), 'match_concept')).toEqual({
      options: options(false, true, false),
      locked: true,
    });
  });

  it('leaves the options free without a setting', () => {
    expect(applyCollectorMatchImport(options(true, false, false), null)).toEqual({
      options: options(true, false, false),
      locked: false,
    });
    expect(applyCollectorMatchImport(options(true, false, false), undefined).locked).toBe(false);
  });
});

describe('import form', () => {
  it('requires file and collector; converter needs a source configuration', async () => {
    expect(checkImportFile(undefined)).toBe(MESSAGES.importFileRequired);
    expect(checkImportFile({ name: 'pagos.xlsx' })).toBeUndefined();
    expect(checkImportCollector('')).toBe(MESSAGES.importCollectorRequired);
    expect(checkSourceConfiguration(false, undefined)).toBeUndefined();
    expect(checkSourceConfiguration(true, undefined)).toBe(MESSAGES.importSourceConfigurationRequired);
    expect(await formikErrors(importFormSchema, { ...NO_MATCH_OPTIONS, converter: true })).toEqual({
      collectorId: MESSAGES.importCollectorRequired,
      file: MESSAGES.importFileRequired,
      sourceConfigurationId: MESSAGES.importSourceConfigurationRequired,
    });
    expect(
      await formikErrors(importFormSchema, {
        collectorId: 12,
        file: { name: 'pagos.csv', size: 10 },
        converter: false,
        matchPayer: true,
        matchConcept: true,
        matchIdentification: false,
      }),
    ).toEqual({});
    expect(
      await formikErrors(importFormSchema, {
        collectorId: 12,
        file: { name: 'pagos.csv' },
        matchPayer: true,
        matchIdentification: true,
      }),
    ).toEqual({ matchIdentification: MESSAGES.importMatchExclusive });
  });
});

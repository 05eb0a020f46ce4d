/**
 * Glue between the pure checks and yup: a schema field runs a check and reports
 * its message, so the web (formik) and the gateway read the same text.
 */
import './locale.js';
import * as yup from 'yup';

/** A check returns the Spanish message when the value is invalid, or undefined. */
export type Check = (value: unknown) => string | undefined;

/** A check that also reads the sibling values of the object being validated. */
export type SiblingCheck<P = Record<string, unknown>> = (value: unknown, parent: P) => string | undefined;

/** Any value but null and undefined (yup's constraint for `mixed<T>()`). */
export type Present = NonNullable<unknown>;

/** Field errors by path ('holder.identification.number'), first message per path. */
export type FieldErrors = Record<string, string>;

function parentOf(ctx: yup.TestContext): Record<string, unknown> {
  const parent: unknown = ctx.parent;
  return parent !== null && typeof parent === 'object' ? (parent as Record<string, unknown>) : {};
}

/** The yup test that runs `check` (also on absent values) and reports its message. */
function checkTest<P>(check: SiblingCheck<P>, name: string): yup.TestConfig {
  return {
    name,
    skipAbsent: false,
    test(value, ctx) {
      const message = check(value, parentOf(ctx) as P);
      return message === undefined ? true : ctx.createError({ message });
    },
  };
}

/** A nullable string field whose check reads its siblings (`ctx.parent`). */
export function siblingStringField<P = Record<string, unknown>>(
  check: SiblingCheck<P>,
  name = 'validators',
): yup.StringSchema<string | null | undefined> {
  return yup.string().nullable().test(checkTest(check, name));
}

/** A nullable string field validated by `check` (the original input is checked). */
export function stringField(check: Check, name = 'validators'): yup.StringSchema<string | null | undefined> {
  return siblingStringField((value) => check(value), name);
}

/**
 * A field of any type (ids, selected options, files) validated by `check`.
 * The value is passed through untouched.
 */
export function mixedField<T extends Present = Present>(
  check: Check,
  name = 'validators',
): yup.MixedSchema<T | null | undefined> {
  return siblingMixedField<T>((value) => check(value), name);
}

/** A field of any type whose check reads its siblings. */
export function siblingMixedField<T extends Present = Present, P = Record<string, unknown>>(
  check: SiblingCheck<P>,
  name = 'validators',
): yup.MixedSchema<T | null | undefined> {
  return yup.mixed<T>().nullable().test(checkTest(check, name));
}

/**
 * Validates synchronously with `abortEarly: false` (as formik does) and returns
 * the first message per field path, or undefined when everything is valid.
 * For the gateway: it can name every invalid field of an input at once.
 */
export function collectErrors(
  schema: yup.Schema,
  values: unknown,
  context?: Record<string, unknown>,
): FieldErrors | undefined {
  try {
    schema.validateSync(values, { abortEarly: false, context });
    return undefined;
  } catch (error) {
    if (!yup.ValidationError.isError(error)) throw error;
    const errors: FieldErrors = {};
    const all = error.inner.length > 0 ? error.inner : [error];
    for (const item of all) {
      const path = item.path ?? '';
      if (!(path in errors)) errors[path] = item.message;
    }
    return errors;
  }
}

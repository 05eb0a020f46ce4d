import { useState } from 'react';
import {
  validateYupSchema,
  yupToFormErrors,
  type FormikConfig,
  type FormikErrors,
  type FormikValues,
} from 'formik';
import { ValidationError, type AnySchema } from 'yup';

/** What can validate a form synchronously: any yup schema (object, lazy...), as formik calls it. */
type SyncSchema = Pick<AnySchema, 'validateSync'>;

/**
 * A form's errors by its yup schema, found now rather than in a later microtask: `{}` when the values are valid.
 *
 * Why: formik's `validateOnMount` validates after the first render, so a submit disabled by `!isValid`
 * shows enabled for its first frame(s), and a click or an Enter then was taken. Passed as `initialErrors`, these
 * errors make the form invalid from its first frame. It is formik's own yup call (`validateYupSchema` with its
 * sync flag: empty strings read as undefined, every error, not the first) and formik's own reading of the failure
 * (`yupToFormErrors`), so the errors are exactly those the mount's validation then finds: nothing changes then.
 * Anything but a yup ValidationError is a defect of the schema, thrown as formik's validation rejects it.
 */
export function yupErrorsNow<Values extends FormikValues>(
  schema: SyncSchema,
  values: Values,
): FormikErrors<Values> {
  try {
    validateYupSchema(values, schema, true);
    return {};
  } catch (error) {
    if (ValidationError.isError(error)) return yupToFormErrors<Values>(error);
    throw error;
  }
}

/**
 * formik's `validationSchema` as a schema: it may be a function returning one, which formik calls with the field
 * being validated; a whole form's validation (the mount's) calls it with no field.
 */
export function schemaOf(
  validationSchema: NonNullable<FormikConfig<FormikValues>['validationSchema']>,
): SyncSchema {
  return (typeof validationSchema === 'function' ? validationSchema() : validationSchema) as SyncSchema;
}

/**
 * How a form validates whole, synchronously: its yup `validationSchema` (a schema, or formik's function returning
 * one), or a `validate` that answers at once. Not both: formik would merge the two, and no form here needs it.
 */
export type SyncValidation<Values> =
  | { validationSchema: FormikConfig<Values>['validationSchema']; validate?: never }
  | { validate(values: Values): FormikErrors<Values>; validationSchema?: never };

/**
 * A form's `initialErrors` (see yupErrorsNow): its initial values' errors, found once as the form opens and kept
 * (formik reads `initialErrors` on its first render only). Undefined when nothing validates: formik then starts
 * with no errors, as it always did.
 */
export function useInitialErrors<Values extends FormikValues>(
  validation: SyncValidation<Values> | null,
  initialValues: Values,
): FormikErrors<Values> | undefined {
  const [initialErrors] = useState(() => {
    if (validation?.validate) return validation.validate(initialValues);
    if (validation?.validationSchema)
      return yupErrorsNow(schemaOf(validation.validationSchema), initialValues);
    return undefined;
  });
  return initialErrors;
}

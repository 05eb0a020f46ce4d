import { getIn, type FormikProps } from 'formik';

/**
 * The one rule for when a form shows a field's error: once the field was touched (left) or after a submit
 * attempt, never while the operator is still typing a first value. `immediate` shows it at once (a length limit
 * just passed, for instance).
 */
export function shownError(
  formik: Pick<FormikProps<unknown>, 'errors' | 'touched' | 'submitCount'>,
  name: string,
  immediate = false,
): string | undefined {
  const error: unknown = getIn(formik.errors, name);
  if (typeof error !== 'string' || error === '') return undefined;
  return immediate || Boolean(getIn(formik.touched, name)) || formik.submitCount > 0 ? error : undefined;
}

export { shownError } from './field-error';
export { FormTextField, type FormTextFieldProps } from './form-text-field';
export { FormSelectField, type FormSelectFieldProps, type SelectOption } from './form-select-field';
export { AmountField, type AmountFieldProps } from './amount-field';
export { FormAmountField, type FormAmountFieldProps } from './form-amount-field';
export {
  FormIdentifierField,
  IdentifierTextField,
  type FormIdentifierFieldProps,
  type IdentifierKind,
  type IdentifierTextFieldProps,
} from './identifier-field';
export { FormCard, FormFooter, ValidatedFormik, type ValidatedFormikProps } from './form-page';
export { schemaOf, useInitialErrors, yupErrorsNow, type SyncValidation } from './initial-errors';
export { UNCHOSEN_OPTION_MESSAGE, unchosenOptionError } from './unchosen-option';

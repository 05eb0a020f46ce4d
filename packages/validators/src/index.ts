/**
 * @backoffice/validators: every validation rule of the two specifications as
 * pure check functions (returning the Spanish message, or undefined when the
 * value is valid) and yup schemas built from the same checks.
 * Shared by the web (formik) and the gateway; no DOM and no Node imports.
 */
import './locale.js';

export { SPANISH_YUP_LOCALE } from './locale.js';
export * from './limits.js';
export { MESSAGES, LABELS, type MessageKey, type ValidationMessage } from './messages.js';
export { isBlank, isDigits, isPresent, onlyDigits, toText, trimmed } from './text.js';
export {
  collectErrors,
  mixedField,
  siblingMixedField,
  siblingStringField,
  stringField,
  type Check,
  type FieldErrors,
  type Present,
  type SiblingCheck,
} from './yup-helpers.js';
export { checkNumberInput, checkOptionalDigits, numberInputSchema } from './numbers.js';
export {
  AMOUNT_PATTERN,
  amountInputText,
  amountSchema,
  checkAmount,
  checkAmountRange,
  checkPositiveAmount,
  checkSubscriptionAmount,
  isAmount,
  parseAmount,
  parseSubscriptionAmount,
  readAmount,
  subscriptionAmountSchema,
} from './amount.js';
export {
  APPROVAL_POLICY_MESSAGES,
  approvalPolicyErrors,
  approvalPolicySchema,
  checkPolicyAction,
  checkPolicyAmount,
  checkPolicyApprovals,
  POLICY_APPROVALS_MAX,
  type ApprovalPolicyValues,
} from './approval-policy.js';
export {
  checkRefundAmount,
  isPartialRefund,
  REFUND_AMOUNT_MESSAGES,
  refundAmountSchema,
} from './refund-amount.js';
export {
  addMoney,
  compareMoney,
  decimalFromUpstream,
  formatMoney,
  isPositiveMoney,
  maxMoney,
  minMoney,
  money,
  moneyOrNull,
  parseMoneyText,
  subMoney,
  sumMoney,
  toDecimalString,
  toUpstreamNumber,
  toUpstreamString,
  type Money,
  type MoneyLike,
} from './money.js';
export {
  CARD_EXPIRATION_PATTERN,
  cardExpirationSchema,
  cardNumberSchema,
  checkCardExpiration,
  checkCardExpirationNotPast,
  checkCardNumber,
  formatCardExpiration,
  isCardExpired,
  normalizeCardExpiration,
  parseCardExpiration,
  type CardExpiration,
} from './card.js';
export { buildCbu, cbuSchema, checkCbu, hasValidCbuCheckDigits, isValidCbu } from './cbu.js';
export {
  buildCuit,
  checkCuit,
  cuitCheckDigit,
  cuitSchema,
  formatCuit,
  isValidCuit,
  normalizeCuit,
} from './cuit.js';
export {
  checkIdentification,
  checkIdentificationCountry,
  checkIdentificationNumber,
  checkIdentificationType,
  checkPayerDni,
  formatIdentificationNumber,
  COUNTRY_ARG,
  IDENTIFICATION_COUNTRIES,
  IDENTIFICATION_NONE_LABEL,
  IDENTIFICATION_TYPE_LABELS,
  IDENTIFICATION_TYPES,
  identificationMaxLength,
  identificationSchema,
  isIdentificationActive,
  normalizeIdentificationType,
  payerDniSchema,
  toIdentificationPayload,
  type IdentificationErrors,
  type IdentificationForm,
  type IdentificationPayload,
  type IdentificationType,
  type IdentificationValues,
} from './identification.js';
export {
  checkOptionalEmail,
  checkPayerEmail,
  checkReceiptEmail,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  isEmail,
  optionalEmailSchema,
  payerEmailSchema,
  sendReceiptSchema,
  type SendReceiptValues,
} from './email.js';
export {
  checkPayerFormName,
  checkPayerName,
  checkReferenceCollector,
  payerFormSchema,
  payerNameSchema,
  payerReferenceFormSchema,
  type PayerFormValues,
  type PayerReferenceFormValues,
} from './payer.js';
export {
  cardPaymentMethodSchema,
  checkHolderCountry,
  checkHolderName,
  checkHolderIdentificationType,
  HOLDER_IDENTIFICATION_TYPE,
  PAYMENT_METHOD_KINDS,
  paymentMethodSchema,
  toHolderPayload,
  transferPaymentMethodSchema,
  type CardPaymentMethodValues,
  type PaymentMethodHolderValues,
  type PaymentMethodKind,
  type TransferPaymentMethodValues,
} from './payment-method.js';
export {
  formatMonthYear,
  normalizeMonthYear,
  parseMonthYear,
  parsePeriodInput,
  type MonthYear,
} from './month-year.js';
export {
  cancelReasonSchema,
  checkReason,
  normalizeReason,
  reasonSchema,
  withdrawalRejectSchema,
  type ReasonValues,
} from './reason.js';
export {
  binFormSchema,
  checkAccreditationDay,
  checkBinBrand,
  checkBinCardType,
  checkBinNumber,
  checkBinPaymentMethod,
  MAX_ACCREDITATION_DAYS,
  type BinFormValues,
} from './bin.js';
export {
  ALIAS_PATTERN,
  checkAlias,
  checkDestinationAmount,
  checkDestinationFormat,
  checkDestinationValue,
  checkDistributionCbu,
  checkDistributionCuit,
  DESTINATION_FORMATS,
  distributionDestinationSchema,
  distributionSearch,
  normalizeDestinationFormat,
  type DestinationFormat,
  type DistributionDestinationValues,
  type DistributionSearch,
} from './distribution.js';
export {
  DISTRIBUTION_DETAIL_STATUS_TEXTS,
  DISTRIBUTION_HEADER_STATUS_TEXTS,
  DISTRIBUTION_STATUS_CODES,
  distributionStatusText,
  type DistributionStatusCode,
} from './distribution-status.js';
export { classifyDestination, type ClassifiedDestination } from './destination.js';
export {
  checkCompensationAmount,
  compensationAmountOf,
  gatewayReconciliationSchema,
  toReconciliationPayload,
  type GatewayReconciliationValues,
} from './reconciliation.js';
export {
  BATCH_WITHDRAWAL_STRATEGIES,
  checkCron,
  checkDestinationAccount,
  checkScheduledDestination,
  checkScheduledWithdrawalStep,
  checkWithdrawalAmountType,
  checkWithdrawalCollector,
  checkWithdrawalStrategy,
  isBatchStrategy,
  isWithdrawalStrategy,
  SCHEDULED_WITHDRAWAL_STEPS,
  scheduledWithdrawalSchema,
  scheduledWithdrawalSteps,
  WITHDRAWAL_AMOUNT_TYPE_LABELS,
  WITHDRAWAL_AMOUNT_TYPES,
  WITHDRAWAL_STRATEGIES,
  type ScheduledWithdrawalStep,
  type ScheduledWithdrawalValues,
  type WithdrawalAmountType,
  type WithdrawalStrategy,
} from './withdrawal.js';
export {
  applyCollectorMatchImport,
  checkImportCollector,
  checkImportFile,
  checkMatchOptions,
  checkSourceConfiguration,
  importFormSchema,
  MATCH_IMPORT_OPTIONS,
  NO_MATCH_OPTIONS,
  parseMatchImport,
  toggleMatchOption,
  type CollectorMatchState,
  type ImportFormValues,
  type MatchOption,
  type MatchOptions,
} from './import.js';
export {
  afipCreateSchema,
  afipManualPresentationSchema,
  afipReprocessSchema,
  checkAfipFormType,
  checkAfipPeriod,
  checkAfipTransactionId,
  normalizeAfipTransactionId,
} from './afip.js';
export { countOf, countPhrase, formatCount, type CountNoun } from './count.js';
export {
  cleanCardNumberInput,
  cleanCbuInput,
  cleanCuitInput,
  cleanDigitsInput,
  formatCuitInput,
} from './identifier-input.js';
export {
  classifyScopedSearchText,
  classifySearchText,
  planSearchText,
  SEARCH_GROUPS_BY_SHAPE,
  SEARCH_NAME_MIN_LENGTH,
  SEARCH_SCOPE_MESSAGES,
  SEARCH_TEXT_MAX_LENGTH,
  SEARCH_TEXT_MESSAGES,
  type ScopedSearchText,
  type SearchGroupScope,
  type SearchLookupShape,
  type SearchTextPlan,
  type SearchScope,
  type SearchTextKind,
  type SearchTextShape,
} from './search-text.js';
export {
  ACTIVITY_ERROR_TEXTS,
  ACTIVITY_RESULT_TEXTS,
  AREA_TEXTS,
  OPERATION_TEXTS,
  activityErrorText,
  activityResultText,
  operationText,
  type ActivityResultCode,
} from './activity.js';
export { ARGENTINE_TIME_ZONE, argentineDateTime } from './date-time.js';
export {
  byEnum,
  IMPORT_STATUS_TEXTS,
  PAYMENT_STATUS_TEXTS,
  statusText,
  SUBSCRIPTION_STATUS_TEXTS,
  SUBSCRIPTION_TYPE_TEXTS,
  WITHDRAW_STATUS_TEXTS,
  WITHDRAWAL_STATUS_TEXTS,
} from './status-texts.js';

/**
 * Every Spanish (es-AR) message an operator can read from a validation.
 * Texts in quotes in the specs are copied verbatim (including their spelling);
 * the rest were chosen here, in the same style, where the specs say nothing.
 */
export const MESSAGES = {
  // Generic inputs (000 §5)
  required: '*Campo requerido.',
  digitsOnly: '*Solo números.',
  /** Chosen: the specs give the 22-character limit without a text. */
  inputMaxLength: '*Máximo 22 caracteres.',
  /** Chosen: amount with an optional decimal part of 1 or 2 digits. */
  amountFormat: '*Importe inválido: use solo números y hasta 2 decimales.',
  /** An amount range with 'desde' above 'hasta', as a date range says it. */
  amountRangeInverted: 'El importe desde no puede ser mayor que el importe hasta.',
  scheduledAmountPositive: 'El monto debe ser mayor a cero.',
  /** An amount that must be more than zero (subscription amount, distribution destination). */
  amountPositive: '*El importe debe ser mayor a cero.',

  // Card (000 §5)
  cardNumberLength: '*El número de tarjeta debe tener entre 13 y 19 dígitos.',
  cardExpirationFormat: '*Fecha de vencimiento inválida (MM/AAAA).',
  cardExpired: '*La tarjeta está vencida.',
  /** Chosen: the specs give no limit for the holder name. */
  holderNameMax: '*El nombre del titular admite hasta 100 caracteres.',
  /** Chosen: a month period typed as MM/AAAA. */
  periodInvalid: '*Período inválido (MM/AAAA, mes 01 a 12, año 2000 a 2099).',

  // CBU (000 §5, 001 §5)
  cbuLength: '*El CBU debe tener 22 dígitos.',
  cbuInvalid: 'El CBU no es válido',

  // DNI and CUIT (000 §5, 001 §5)
  dniLength: 'La cantidad de caracteres para DNI es 7 u 8',
  dniInvalid: 'El número de DNI no es válido',
  cuitLength: 'La cantidad de caracteres para CUIT es 11',
  cuitInvalid: 'El número de CUIT no es válido',

  // Identification block (001 §5)
  identificationTypeRequired: 'Tipo de identificación requerido*',
  identificationNumberRequired: 'Número de identificación requerido*',
  identificationNumberIncorrect: 'Número de identificación incorrecto*',
  countryRequired: 'País requerido*',
  /** Chosen: only Argentina is offered; a gateway caller could send another code. */
  countryUnsupported: 'Solo se admite Argentina (ARG)*',
  /** Chosen: the change-payment-method payload fixes the identification type. */
  identificationTypeInvalid: 'Tipo de identificación inválido*',

  // Payer and payer reference (001 §5)
  nameRequired: 'El nombre es requerido',
  nameMax: 'El nombre admite hasta 100 caracteres',
  /** Chosen: the spec gives only the pattern message for the payer e-mail. */
  emailRequired: 'El email es requerido',
  emailPattern: 'El email no tiene formato correcto',
  /** Chosen: the reference requires a collector (entidad). */
  collectorRequired: 'La entidad es requerida',

  // Reasons (000 §5 cancel reason; reused by every reason dialog)
  reasonRequired: 'Disculpe, debe ingresar el motivo',

  // Card BIN (001 §5)
  binRequired: 'Número BIN es requerído *',
  binLength: 'Número BIN debe ser de 6 dígitos *',
  binBrandRequired: 'La marca es requerida *',
  binCardTypeRequired: 'El tipo de tarjeta es requerido *',
  binPaymentMethodRequired: 'El medio de pago es requerido *',
  binAccreditationDayRequired: 'El dia de acreditación es requerído *',
  binAccreditationDayDigits: 'El dia de acreditación debe contener solo números *',
  binAccreditationDayMax: 'El día de acreditación no puede superar 365 *',

  // Distribution edit destination (001 §5)
  destinationFormatRequired: 'Seleccione el formato del destino (CBU o alias)',
  distributionCbu: 'Ingresa un numero de 22 digitos sin letras',
  distributionAlias: 'Ingresa un destino de 5 a 20 caracteres.',
  aliasCharacters: 'El alias solo admite letras, números, puntos (.) y guiones (-).',
  distributionCuit: 'El formato del cuit no es correcto.',

  // Send receipt (001 §5)
  receiptEmailRequired: 'Campo requerido',
  receiptEmailInvalid: 'Email inválido',

  // Scheduled withdrawal (001 §5)
  withdrawalCollectorRequired: 'Seleccione una entidad',
  destinationAccountRequired: 'Cuenta de destino requerida',
  destinationAccountMaxLength: 'La cuenta de destino admite hasta 22 caracteres',
  amountTypeRequired: 'Seleccione el tipo de monto',
  cronRequired: 'Seleccione un criterio de periodicidad',
  withdrawalStrategyUnsupported: 'La entidad no tiene estrategia de retiro compatible.',

  // Import (001 §5)
  importFileRequired: 'Seleccione un archivo',
  importCollectorRequired: 'Seleccione una entidad',
  importSourceConfigurationRequired: 'Seleccione una configuración de origen',
  importMatchExclusive: 'La coincidencia por identificación no puede combinarse con pagador ni concepto',

  // AFIP (001 §5)
  afipTransactionIdRequired: 'Ingrese el ID de transacción',
  afipFormTypeRequired: 'Seleccione un formulario',
  afipPeriodRequired: 'Seleccione un período',
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type ValidationMessage = (typeof MESSAGES)[MessageKey];

/** Labels and hints the forms show next to these rules (verbatim from the specs). */
export const LABELS = {
  cancelReasonPrompt: 'Ingrese el motivo',
  subscriptionAmountPrompt: 'Por favor ingrese el Importe',
  amountPrompt: 'Ingrese Importe',
  withdrawalRejectReason: 'Motivo de rechazo',
  destinationAccount: 'Cuenta de destino',
  identificationNone: 'Ninguna',
  amountTypeMinimum: 'Monto mínimo',
  amountTypeSpecific: 'Monto específico',
  minimumAmountHint:
    'El retiro se realiza solo si el monto total de la entidad es igual o mayor al monto mínimo ingresado.',
  searchDistribution: 'Buscar por ID o Signature',
} as const;

/**
 * Business limits of both specifications (000 §9 and 001 §9), named once.
 * Every check in this package reads them from here.
 */

/** Generic number and amount inputs: at most 22 characters (000 §5, §9). */
export const INPUT_MAX = 22;
/** Card number: 13 to 19 digits (000 §5). */
export const CARD_MIN = 13;
export const CARD_MAX = 19;
/** CBU: exactly 22 digits (000 §5, 001 §9). */
export const CBU_LENGTH = 22;
/** DNI: 7 or 8 digits; exactly 8 on the payer form (000 §5, 001 §5). */
export const DNI_MIN = 7;
export const DNI_MAX = 8;
export const DNI_PAYER_FORM_LENGTH = 8;
/** CUIT: 11 digits (000 §5, 001 §9). */
export const CUIT_LENGTH = 11;
/** Card BIN (IIN): exactly 6 digits (001 §9). */
export const BIN_LENGTH = 6;
/** Distribution alias: 5 to 20 characters (001 §5). */
export const ALIAS_MIN = 5;
export const ALIAS_MAX = 20;
/** Scheduled withdrawal destination account: at most 22 characters (001 §5, §9). */
export const DESTINATION_MAX = 22;
/** Amounts carry at most 2 decimals (000 §9). */
export const AMOUNT_MAX_DECIMALS = 2;
/** Identification number input: default maximum length when no type is chosen (001 §5). */
export const IDENTIFICATION_DEFAULT_MAX_LENGTH = 8;
/** Distribution search: longer than this many characters searches by payment id (001 §5). */
export const DISTRIBUTION_SEARCH_COLLECTOR_MAX = 4;
/** Card or account holder name: at most 100 characters (chosen: the specs give none). */
export const HOLDER_NAME_MAX = 100;
/** Month periods typed by an operator: years 2000 to 2099 (chosen). */
export const PERIOD_YEAR_MIN = 2000;
export const PERIOD_YEAR_MAX = 2099;
/** Payer and payer-reference name: at most 100 characters (chosen: the payer service states no
 * limit, so the forms keep the holder name's 100, which every screen shows whole). */
export const PAYER_NAME_MAX = 100;

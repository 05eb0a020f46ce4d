export * from './period';
export { PeriodPicker, type PeriodPickerProps } from './period-picker';
export {
  DATE_RANGE_MESSAGES,
  DateRangePicker,
  dateRangeError,
  type DateRangePickerProps,
  type DayRange,
} from './date-range-picker';
export {
  COLLECTOR_PICKER_MESSAGES,
  COLLECTOR_SEARCH_DEBOUNCE_MS,
  CollectorPicker,
  useCollectorName,
  type CollectorPickerProps,
  type CollectorRef,
} from './collector-picker';
export { PickersLocalization } from './pickers-localization';

import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { useFormikContext } from 'formik';
import {
  IDENTIFICATION_COUNTRIES,
  IDENTIFICATION_NONE_LABEL,
  IDENTIFICATION_TYPE_LABELS,
  IDENTIFICATION_TYPES,
  identificationMaxLength,
  normalizeIdentificationType,
  toIdentificationPayload,
  type IdentificationValues,
} from '@backoffice/validators';
import { FormIdentifierField, FormSelectField, type SelectOption } from '@/components/form';

/** The identification block as the form keeps it: type '' is 'Ninguna'. */
export interface IdentificationFormValues {
  type: string;
  number: string;
  country: string;
}

export const NO_IDENTIFICATION: IdentificationFormValues = { type: '', number: '', country: 'ARG' };

const TYPE_OPTIONS: SelectOption<string>[] = [
  { value: '', label: IDENTIFICATION_NONE_LABEL },
  ...IDENTIFICATION_TYPES.map((type) => ({ value: type, label: IDENTIFICATION_TYPE_LABELS[type] })),
];
const COUNTRY_OPTIONS: SelectOption<string>[] = IDENTIFICATION_COUNTRIES.map((country) => ({
  value: country.code,
  label: country.description,
}));

/** An identification read from the gateway, as the form's values. */
export function identificationFormValues(
  value: { type?: string | null; number?: string | null; country?: string | null } | null | undefined,
): IdentificationFormValues {
  if (!value?.type) return NO_IDENTIFICATION;
  return { type: value.type, number: value.number ?? '', country: value.country ?? 'ARG' };
}

/** The identification to send, or null with no type ('Ninguna': the block is dropped, 001 §5). */
export function identificationInput(values: IdentificationValues) {
  return toIdentificationPayload(values) ?? null;
}

/**
 * Tipo (Ninguna, DNI, CUIT), Número (digits; at most 8 characters, 11 for CUIT) and País (only Argentina), bound to
 * `identification.*` of the surrounding formik form; the messages are the validators' (001 §5).
 */
export function IdentificationFields() {
  const formik = useFormikContext<{ identification: IdentificationFormValues }>();
  const type = formik.values.identification.type;
  const cuit = normalizeIdentificationType(type) === 'CUIT_ARG';
  // Back to 'Ninguna': the number of the type left is dropped, so the block is out of the form again.
  // A number typed with no type chosen yet is kept (the type is then reported missing).
  const previousType = useRef(type);
  const { setFieldValue } = formik;
  useEffect(() => {
    if (previousType.current !== '' && type === '') void setFieldValue('identification.number', '');
    previousType.current = type;
  }, [type, setFieldValue]);
  return (
    <Box
      role="group"
      aria-label="Identificación"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr 1fr' } }}
    >
      <FormSelectField
        name="identification.type"
        label="Tipo de identificación"
        options={TYPE_OPTIONS}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      />
      <FormIdentifierField
        name="identification.number"
        label="Número de identificación"
        kind={cuit ? 'cuit' : 'digits'}
        maxDigits={cuit ? undefined : identificationMaxLength(type)}
        slotProps={{ htmlInput: { 'data-testid': 'identification-number' } }}
      />
      <FormSelectField name="identification.country" label="País" options={COUNTRY_OPTIONS} />
    </Box>
  );
}

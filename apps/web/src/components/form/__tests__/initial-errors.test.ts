import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import * as yup from 'yup';
import { describe, expect, it } from 'vitest';
import { schemaOf, yupErrorsNow } from '../initial-errors';

/** What formik's own (asynchronous) schema validation resolves to: its `runValidationSchema`, step by step. */
async function formikMountErrors<Values extends FormikValues>(
  schema: yup.AnySchema,
  values: Values,
): Promise<FormikErrors<Values>> {
  try {
    await validateYupSchema(values, schema);
    return {};
  } catch (error) {
    return yupToFormErrors<Values>(error);
  }
}

const payerSchema = yup.object({
  name: yup.string().trim().required('Campo requerido'),
  email: yup.string().email('Email inválido').required('Campo requerido'),
  nickname: yup.string().min(3, 'Al menos 3 letras'),
  identification: yup.object({
    type: yup.string().required('Elegí un tipo'),
    number: yup.string().matches(/^\d+$/, 'Solo números').required('Campo requerido'),
  }),
});

const VALID_PAYER = {
  name: 'Ana',
  email: 'ana@example.com',
  nickname: 'Anita',
  identification: { type: 'DNI', number: '28456789' },
};

describe('yupErrorsNow', () => {
  it('is {} for valid values', () => {
    expect(yupErrorsNow(payerSchema, VALID_PAYER)).toEqual({});
  });

  it('gives every error, nested ones in place, the same object formik resolves for the same values', async () => {
    const values = {
      name: '  ',
      email: 'ana@',
      nickname: 'An',
      identification: { type: '', number: '12a' },
    };
    const now = yupErrorsNow(payerSchema, values);
    expect(now).toEqual({
      name: 'Campo requerido',
      email: 'Email inválido',
      nickname: 'Al menos 3 letras',
      identification: { type: 'Elegí un tipo', number: 'Solo números' },
    });
    expect(now).toEqual(await formikMountErrors(payerSchema, values));
  });

  it('reads empty strings as undefined, as formik does: an empty optional field is no error', async () => {
    const values = { name: '', email: '', nickname: '', identification: { type: '', number: '' } };
    // yup alone would refuse '' for min(3); formik hands it undefined, which min(3) lets through.
    expect(() => payerSchema.validateSyncAt('nickname', values)).toThrow('Al menos 3 letras');
    const now = yupErrorsNow(payerSchema, values);
    expect(now).toEqual({
      name: 'Campo requerido',
      email: 'Campo requerido',
      identification: { type: 'Elegí un tipo', number: 'Campo requerido' },
    });
    expect(now).toEqual(await formikMountErrors(payerSchema, values));
  });

  it('gives the first error of a field that breaks two rules, as formik does', async () => {
    const schema = yup.object({
      code: yup.string().matches(/^\d+$/, 'Solo números').min(4, 'Al menos 4 dígitos'),
    });
    const values = { code: 'ab' };
    expect(yupErrorsNow(schema, values)).toEqual({ code: 'Solo números' });
    expect(yupErrorsNow(schema, values)).toEqual(await formikMountErrors(schema, values));
  });

  it('throws what is not a validation error (a broken schema), as formik rejects it', () => {
    const broken = yup.object({
      name: yup.string().test('broken', 'never shown', () => {
        throw new TypeError('the rule itself failed');
      }),
    });
    expect(() => yupErrorsNow(broken, { name: 'Ana' })).toThrow(TypeError);
  });
});

describe('schemaOf', () => {
  it("is formik's validationSchema as it is, or the schema its function returns", () => {
    expect(schemaOf(payerSchema)).toBe(payerSchema);
    expect(schemaOf(() => payerSchema)).toBe(payerSchema);
  });
});

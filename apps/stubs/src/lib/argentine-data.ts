/** Realistic Argentine data: names, e-mails, identifications (DNI, CUIT), CBUs and card BINs. */
import type { Prng } from './prng.js';

export const FEMALE_NAMES = [
  'María',
  'Lucía',
  'Sofía',
  'Valentina',
  'Martina',
  'Camila',
  'Julieta',
  'Florencia',
  'Agustina',
  'Micaela',
  'Carolina',
  'Paula',
  'Victoria',
  'Ana',
  'Laura',
  'Gabriela',
  'Romina',
  'Natalia',
  'Silvina',
  'Mariana',
  'Verónica',
  'Claudia',
  'Patricia',
  'Graciela',
  'Susana',
  'Noelia',
  'Belén',
  'Rocío',
  'Milagros',
  'Josefina',
  'Catalina',
  'Guadalupe',
  'Luciana',
  'Daniela',
  'Andrea',
  'Soledad',
  'Mónica',
  'Lorena',
  'Cecilia',
  'Inés',
] as const;

export const MALE_NAMES = [
  'Juan',
  'José',
  'Carlos',
  'Jorge',
  'Luis',
  'Martín',
  'Diego',
  'Pablo',
  'Sebastián',
  'Matías',
  'Nicolás',
  'Facundo',
  'Gonzalo',
  'Federico',
  'Alejandro',
  'Fernando',
  'Gustavo',
  'Marcelo',
  'Ricardo',
  'Sergio',
  'Hernán',
  'Leandro',
  'Maximiliano',
  'Emiliano',
  'Santiago',
  'Tomás',
  'Joaquín',
  'Lautaro',
  'Agustín',
  'Ezequiel',
  'Ramiro',
  'Franco',
  'Lucas',
  'Mariano',
  'Rodrigo',
  'Germán',
  'Esteban',
  'Raúl',
  'Héctor',
  'Ignacio',
] as const;

export const LAST_NAMES = [
  'González',
  'Rodríguez',
  'Gómez',
  'Fernández',
  'López',
  'Díaz',
  'Martínez',
  'Pérez',
  'García',
  'Sánchez',
  'Romero',
  'Sosa',
  'Álvarez',
  'Torres',
  'Ruiz',
  'Ramírez',
  'Flores',
  'Acosta',
  'Benítez',
  'Medina',
  'Suárez',
  'Herrera',
  'Aguirre',
  'Pereyra',
  'Gutiérrez',
  'Giménez',
  'Molina',
  'Silva',
  'Castro',
  'Rojas',
  'Ortiz',
  'Núñez',
  'Luna',
  'Juárez',
  'Cabrera',
  'Ríos',
  'Ferreyra',
  'Godoy',
  'Morales',
  'Domínguez',
  'Moreno',
  'Peralta',
  'Vega',
  'Carrizo',
  'Quiroga',
  'Castillo',
  'Ledesma',
  'Muñoz',
  'Ojeda',
  'Ponce',
  'Vera',
  'Vázquez',
  'Villalba',
  'Cardozo',
  'Navarro',
  'Coronel',
  'Figueroa',
  'Correa',
  'Cáceres',
  'Paz',
  'Bianchi',
  'Rossi',
  'Ferrari',
  'Russo',
  'Colombo',
  'Bruno',
  'Romano',
  'Costa',
  'Lombardi',
  'Fontana',
] as const;

export const EMAIL_DOMAINS = [
  ['gmail.com', 55],
  ['hotmail.com', 18],
  ['yahoo.com.ar', 8],
  ['outlook.com', 8],
  ['live.com.ar', 4],
  ['fibertel.com.ar', 3],
  ['arnet.com.ar', 2],
  ['speedy.com.ar', 2],
] as const satisfies readonly (readonly [string, number])[];

/** ASCII, lower-case form used in e-mail addresses. */
export function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

export interface Person {
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  dni: string;
  cuit: string;
}

/** A payer of the seeds: the stable handles a seed gives a person. */
export interface SeedPayer {
  id: string;
  name: string;
  email: string | null;
  dni: string;
}

export function randomPerson(rng: Prng): Person {
  const female = rng.chance(0.52);
  const firstName = rng.pick(female ? FEMALE_NAMES : MALE_NAMES);
  const lastName = rng.pick(LAST_NAMES);
  const dni = String(rng.int(14_000_000, 46_999_999));
  const user = rng.weighted([
    [`${asciiSlug(firstName)}.${asciiSlug(lastName)}`, 4],
    [`${asciiSlug(firstName)}${asciiSlug(lastName)}${rng.int(1, 99)}`, 3],
    [`${asciiSlug(firstName).charAt(0)}${asciiSlug(lastName)}`, 2],
    [`${asciiSlug(lastName)}.${asciiSlug(firstName)}${rng.int(60, 99)}`, 1],
  ]);
  const domain = rng.weighted(EMAIL_DOMAINS);
  return {
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    email: `${user}@${domain}`,
    dni,
    cuit: cuitFor(female ? '27' : '20', dni.padStart(8, '0')),
  };
}

// ---------------------------------------------------------------------------------------------
// CUIT / CUIL: 2-digit prefix, 8-digit number, check digit by weighted modulo 11.

const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The check digit of the first 10 digits, or null when the remainder gives 10 (not assignable). */
export function cuitCheckDigit(first10: string): number | null {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(first10[i]) * (CUIT_WEIGHTS[i] as number);
  const remainder = sum % 11;
  if (remainder === 0) return 0;
  if (remainder === 1) return null;
  return 11 - remainder;
}

export function isValidCuit(value: string): boolean {
  const digits = value.replace(/[-_]/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const remainder =
    [...digits.slice(0, 10)].reduce((sum, digit, i) => sum + Number(digit) * (CUIT_WEIGHTS[i] as number), 0) %
    11;
  const expected = remainder === 0 ? 0 : remainder === 1 ? 9 : 11 - remainder;
  return expected === Number(digits[10]);
}

/** A valid CUIT for a person's DNI; AFIP moves 20/27 to 23 when the digit would be 10. */
export function cuitFor(prefix: string, number8: string): string {
  const digit = cuitCheckDigit(prefix + number8);
  if (digit !== null) return `${prefix}${number8}${digit}`;
  const fallbackDigit = prefix === '27' ? 4 : 9;
  return `23${number8}${fallbackDigit}`;
}

/** A valid company CUIT (prefix 30 or 33). */
export function companyCuit(rng: Prng): string {
  for (;;) {
    const first10 = `${rng.pick(['30', '30', '30', '33'])}${rng.int(50_000_000, 71_999_999)}`;
    const digit = cuitCheckDigit(first10);
    if (digit !== null) return `${first10}${digit}`;
  }
}

// ---------------------------------------------------------------------------------------------
// CBU: 22 digits, two blocks with their own check digits.

const BANKS = [
  '011',
  '014',
  '007',
  '017',
  '072',
  '285',
  '150',
  '191',
  '034',
  '027',
  '044',
  '083',
  '386',
] as const;

function checkDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weights[i % weights.length] as number);
  return (10 - (sum % 10)) % 10;
}

export function randomCbu(rng: Prng): string {
  const block1 = `${rng.pick(BANKS)}${rng.digits(4)}`;
  const block2 = `${rng.digits(13)}`;
  return `${block1}${checkDigit(block1, [7, 1, 3, 9, 7, 1, 3])}${block2}${checkDigit(block2, [3, 9, 7, 1])}`;
}

export function isValidCbu(value: string): boolean {
  if (!/^\d{22}$/.test(value)) return false;
  return (
    checkDigit(value.slice(0, 7), [7, 1, 3, 9, 7, 1, 3]) === Number(value[7]) &&
    checkDigit(value.slice(8, 21), [3, 9, 7, 1]) === Number(value[21])
  );
}

// ---------------------------------------------------------------------------------------------
// Payment-method catalogue (spec 001 §3) and card BINs.

export const MEDIA_PAYMENTS: Readonly<Record<number, string>> = {
  1: 'cbu',
  2: 'american_express',
  3: 'diners',
  4: 'jcb',
  5: 'mastercard',
  6: 'cabal',
  7: 'naranja',
  8: 'kadicard',
  9: 'visa',
  10: 'visa_debito',
  11: 'visa_naranja',
  12: 'favacard',
  13: 'lider',
  14: 'credimas',
  15: 'nevada',
  16: 'patagonia_365',
  17: 'sol',
  18: 't_shopping',
  19: 'italcred',
  20: 'cencosud',
  21: 'pyme_nacion',
  22: 'argenta',
  23: 'nativa',
  24: 'argencard',
  25: 'maestro',
  26: 'cordobesa',
  27: 'mastercard_debito',
  29: 'cordobesa_visa',
  30: 'nativa_visa',
  31: 'cabal_debito',
  32: 'coopeplus',
  89: 'provincia_net',
  90: 'credits',
  91: 'link_pagos',
  92: 'tokens',
  94: 'transferencia',
  95: 'efectivo',
  96: 'cheque',
  97: 'rapipago',
  98: 'pagofacil',
  99: 'undefined',
};

/** Card BINs (first six digits) of the brands the seed uses, by media_payment_id. */
export const CARD_BINS: Readonly<Record<number, readonly string[]>> = {
  9: ['450799', '454646', '476520', '405517', '491580'],
  5: ['517562', '546553', '531445', '520053'],
  7: ['589562'],
  6: ['604201', '627170'],
  2: ['371593', '377798', '376411'],
  10: ['451766', '455595', '403130'],
  25: ['501041', '676057', '501081'],
  27: ['517630', '557039'],
};

export const CREDIT_CARD_IDS = [9, 5, 7, 6, 2] as const;
export const DEBIT_CARD_IDS = [10, 25, 27] as const;

/** media_payment_id for a card number (by its BIN), visa when unknown. */
export function mediaPaymentForCard(number: string): number {
  const six = number.slice(0, 6);
  for (const [id, bins] of Object.entries(CARD_BINS)) if (bins.includes(six)) return Number(id);
  if (/^3[47]/.test(number)) return 2;
  if (/^(589562)/.test(number)) return 7;
  if (/^(6042|6043|6271)/.test(number)) return 6;
  if (/^(5[1-5]|2[2-7])/.test(number)) return 5;
  return 9;
}

// ---------------------------------------------------------------------------------------------
// Collector activities and what they charge for.

export interface Activity {
  /** Stable key, also exposed as the collector's `activity`. */
  key: string;
  /** Concept templates: id prefix, description and an amount range in ARS. */
  concepts: readonly { id: string; description: string; min: number; max: number; monthly: boolean }[];
}

export const ACTIVITIES: Readonly<Record<string, Activity>> = {
  club: {
    key: 'club',
    concepts: [
      { id: 'CS', description: 'Cuota social', min: 6_500, max: 28_000, monthly: true },
      { id: 'ACT', description: 'Actividad deportiva', min: 9_000, max: 35_000, monthly: true },
      { id: 'INS', description: 'Inscripción torneo', min: 4_000, max: 15_000, monthly: false },
    ],
  },
  colegio: {
    key: 'colegio',
    concepts: [
      { id: 'CUO', description: 'Cuota mensual', min: 48_000, max: 210_000, monthly: true },
      { id: 'MAT', description: 'Matrícula', min: 90_000, max: 420_000, monthly: false },
      { id: 'COM', description: 'Comedor escolar', min: 18_000, max: 60_000, monthly: true },
    ],
  },
  universidad: {
    key: 'universidad',
    concepts: [
      { id: 'ARA', description: 'Arancel mensual', min: 120_000, max: 480_000, monthly: true },
      { id: 'MAT', description: 'Matrícula', min: 150_000, max: 500_000, monthly: false },
      { id: 'EXA', description: 'Derecho de examen', min: 12_000, max: 35_000, monthly: false },
    ],
  },
  mutual: {
    key: 'mutual',
    concepts: [
      { id: 'CUO', description: 'Cuota social', min: 4_500, max: 16_000, monthly: true },
      { id: 'PRE', description: 'Cuota préstamo personal', min: 35_000, max: 180_000, monthly: true },
    ],
  },
  consorcio: {
    key: 'consorcio',
    concepts: [
      { id: 'EXP', description: 'Expensas', min: 45_000, max: 320_000, monthly: true },
      { id: 'EXT', description: 'Expensas extraordinarias', min: 20_000, max: 150_000, monthly: false },
    ],
  },
  prepaga: {
    key: 'prepaga',
    concepts: [
      { id: 'PLA', description: 'Cuota plan médico', min: 85_000, max: 390_000, monthly: true },
      { id: 'COS', description: 'Coseguro', min: 3_000, max: 18_000, monthly: false },
    ],
  },
  aseguradora: {
    key: 'aseguradora',
    concepts: [
      { id: 'SAU', description: 'Seguro automotor', min: 28_000, max: 145_000, monthly: true },
      { id: 'SHO', description: 'Seguro de hogar', min: 9_000, max: 38_000, monthly: true },
      { id: 'SVI', description: 'Seguro de vida', min: 6_000, max: 25_000, monthly: true },
    ],
  },
  gimnasio: {
    key: 'gimnasio',
    concepts: [
      { id: 'ABO', description: 'Abono mensual', min: 22_000, max: 65_000, monthly: true },
      { id: 'PIL', description: 'Clases de pilates', min: 18_000, max: 45_000, monthly: true },
    ],
  },
  servicios: {
    key: 'servicios',
    concepts: [
      { id: 'INT', description: 'Servicio de internet', min: 19_000, max: 52_000, monthly: true },
      { id: 'TV', description: 'Televisión por cable', min: 15_000, max: 38_000, monthly: true },
    ],
  },
  municipio: {
    key: 'municipio',
    concepts: [
      {
        id: 'ABL',
        description: 'Tasa de alumbrado, barrido y limpieza',
        min: 8_000,
        max: 42_000,
        monthly: true,
      },
      { id: 'PAT', description: 'Patente automotor', min: 25_000, max: 160_000, monthly: false },
    ],
  },
  cooperativa: {
    key: 'cooperativa',
    concepts: [
      { id: 'ELE', description: 'Energía eléctrica', min: 14_000, max: 95_000, monthly: true },
      { id: 'AGU', description: 'Servicio de agua', min: 6_000, max: 28_000, monthly: true },
    ],
  },
  fundacion: {
    key: 'fundacion',
    concepts: [{ id: 'DON', description: 'Donación mensual', min: 2_000, max: 30_000, monthly: true }],
  },
};

export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

import type { ItemNoun } from '../dialogs/item-noun';
import type { DetailGateTexts } from './detail-gate';

/** How a record is named in the texts that agree with it: 'pago' (masculine), 'suscripción' (feminine). */
export type RecordNoun = Pick<ItemNoun, 'one' | 'gender'>;

const feminine = (noun: RecordNoun) => noun.gender === 'feminine';
const capitalize = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** 'el pago', 'la suscripción'. */
export function theRecord(noun: RecordNoun): string {
  return `${feminine(noun) ? 'la' : 'el'} ${noun.one}`;
}

/** 'No se pudo cargar el pago' / 'No se pudo cargar la entidad'. */
export function loadErrorText(noun: RecordNoun): string {
  return `No se pudo cargar ${theRecord(noun)}`;
}

export interface DetailGateTextsOptions {
  /** The id in the URL. */
  id: string;
  /** How the id is called in the not-found sentence: 'el ID' by default, 'el número' for a BIN. */
  idName?: string;
  /** The not-found sentence, when the record is not found by its id alone ('No existe el lote 5 de la entidad 9.'). */
  notFound?: string;
  notFoundTestId: string;
  /** Where the not-found page sends: '/pagos', 'Ir a Buscar Pagos'. */
  listHref: string;
  listLabel: string;
  /** The version asked for in the URL, for a record kept in versions. */
  version?: number | null;
}

/**
 * A detail's gate texts from its noun: 'Cargando pago', 'No se pudo cargar el pago', 'Pago no encontrado',
 * 'No existe un pago con el ID 12.', 'No existe la versión 3 del pago.' (feminine nouns: 'la', 'una', 'de la').
 */
export function detailGateTexts(noun: RecordNoun, options: DetailGateTextsOptions): DetailGateTexts {
  const { id, idName = 'el ID', version } = options;
  const a = feminine(noun) ? 'una' : 'un';
  const ofThe = feminine(noun) ? 'de la' : 'del';
  return {
    loading: `Cargando ${noun.one}`,
    loadError: loadErrorText(noun),
    notFoundTitle: `${capitalize(noun.one)} no encontrad${feminine(noun) ? 'a' : 'o'}`,
    notFound: options.notFound ?? `No existe ${a} ${noun.one} con ${idName} ${id}.`,
    notFoundTestId: options.notFoundTestId,
    listHref: options.listHref,
    listLabel: options.listLabel,
    versionMissing: version == null ? undefined : `No existe la versión ${version} ${ofThe} ${noun.one}.`,
  };
}

/** A record page without a list to go back to: 'La entidad no existe', 'No existe la entidad 12.' */
export function missingRecordTexts(noun: RecordNoun, id: string): { title: string; text: string } {
  return { title: `${capitalize(theRecord(noun))} no existe`, text: `No existe ${theRecord(noun)} ${id}.` };
}

/** A record page's heading: the record's name, under it the noun and its id ('Entidad 12', 'Pagador 4'). */
export function recordHeading(
  noun: RecordNoun,
  record: { id: string; name: string },
): { title: string; subtitle: string } {
  return { title: record.name, subtitle: `${capitalize(noun.one)} ${record.id}` };
}

import { statusDetailLabel } from '../../lib/code-label';
import { formatAmount, formatDateTime } from '../../lib/format';

/** One field of two versions (of a payment, a subscription...), side by side. */
export interface DiffRow {
  path: string;
  label: string;
  left: string;
  right: string;
  changed: boolean;
}

/** How an area's entity reads in a comparison: field labels, fields left out, amounts, status names. */
export interface DiffConfig {
  /** Spanish label of each key (nested keys too); an unknown key shows as it is. */
  labels: Readonly<Record<string, string>>;
  /** Keys that are not part of the entity's state (they describe the viewer or the request). */
  skipped: ReadonlySet<string>;
  /** Keys holding Decimal amounts ('1500.00' -> '$ 1.500,00'). */
  amountKeys: ReadonlySet<string>;
  /** The Spanish name of a top-level status value, when the area knows it. */
  statusLabel?(value: string): string | undefined;
  /**
   * The Spanish text of a code value (a status detail, a type...), given its key and its parent's key (the
   * array's key for array items); undefined leaves the value to the common rules. Optional.
   */
  valueLabel?(key: string, value: string, parentKey: string | undefined): string | undefined;
}

/** Left out of every comparison: GraphQL's type name and the gateway's per-viewer fields. */
export const ALWAYS_SKIPPED = ['__typename', 'actions', 'isCurrentVersion'] as const;

/** Labels of fields payments and subscriptions share (an area spreads them into its own). */
export const COMMON_DIFF_LABELS: Readonly<Record<string, string>> = {
  id: 'ID',
  status: 'Estado',
  statusDetail: 'Detalle de estado',
  type: 'Tipo',
  version: 'Versión',
  requestDate: 'Fecha de solicitud',
  lastUpdateDate: 'Última actualización',
  rejectedDate: 'Fecha de rechazo',
  cancelDate: 'Fecha de cancelación',
  payerDeferredDate: 'Diferido por el pagador',
  payerValidationDate: 'Validación del pagador',
  reviewValidationDate: 'Validación de revisión',
  amount: 'Importe',
  currencyId: 'Moneda',
  details: 'Detalle',
  conceptId: 'Concepto',
  conceptDescription: 'Descripción',
  externalReference: 'Referencia externa',
  review: 'Revisión',
  validation: 'Validación',
  notificationUrl: 'URL de notificación',
  backUrl: 'URL de retorno',
  payer: 'Pagador',
  name: 'Nombre',
  email: 'E-mail',
  mediaPaymentId: 'Código de medio',
  lastFourDigits: 'Últimos cuatro',
  metadata: 'Información adicional',
  key: 'Clave',
  value: 'Valor',
  notifications: 'Notificación al pagador',
  source: 'Origen',
  date: 'Fecha',
  action: 'Acción',
  creationDate: 'Fecha de creación',
  collectorId: 'Entidad',
  statusDetailMessage: 'Detalle',
  url: 'URL',
  lastRetry: 'Último intento',
  retryCount: 'Reintentos',
  response: 'Respuesta',
};

function display(config: DiffConfig, key: string, value: unknown, parentKey: string | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'string') {
    if (/Date$|^date$|^lastRetry$/.test(key)) return formatDateTime(value) || value;
    if (config.amountKeys.has(key)) return formatAmount(value);
    if (key === 'status' && parentKey === undefined) return config.statusLabel?.(value) ?? value;
    const coded = config.valueLabel?.(key, value, parentKey);
    if (coded !== undefined) return coded;
    if (key === 'statusDetail') return statusDetailLabel(value);
    return value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/**
 * The leaves of an entity as ordered path -> { label, text }: nested objects become
 * "Medio de pago 1 › Gateway › Estado"; arrays are numbered from 1.
 */
export function flattenForDiff(
  value: unknown,
  config: DiffConfig,
): Map<string, { label: string; text: string }> {
  const labelOf = (key: string) => config.labels[key] ?? key;
  const skipped = (key: string) =>
    config.skipped.has(key) || (ALWAYS_SKIPPED as readonly string[]).includes(key);
  const out = new Map<string, { label: string; text: string }>();
  const walk = (
    node: unknown,
    path: string,
    label: string,
    key: string | undefined,
    parentKey: string | undefined,
  ) => {
    if (Array.isArray(node)) {
      if (node.length === 0 && path) out.set(path, { label, text: '—' });
      node.forEach((item, i) => walk(item, `${path}[${i}]`, `${label} ${i + 1}`, key, parentKey));
      return;
    }
    if (node !== null && typeof node === 'object') {
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
        if (skipped(k)) continue;
        walk(
          v,
          path ? `${path}.${k}` : k,
          label ? `${label} › ${labelOf(k)}` : labelOf(k),
          k,
          path ? key : undefined,
        );
      }
      return;
    }
    if (key !== undefined) out.set(path, { label, text: display(config, key, node, parentKey) });
  };
  walk(value, '', '', undefined, undefined);
  return out;
}

/** Every field of either version, in the left version's order, marking those whose shown text differs. */
export function diffVersions(left: unknown, right: unknown, config: DiffConfig): DiffRow[] {
  const a = flattenForDiff(left, config);
  const b = flattenForDiff(right, config);
  const paths = [...a.keys(), ...[...b.keys()].filter((p) => !a.has(p))];
  return paths.map((path) => {
    const l = a.get(path);
    const r = b.get(path);
    const leftText = l?.text ?? '—';
    const rightText = r?.text ?? '—';
    return {
      path,
      label: (l ?? r)!.label,
      left: leftText,
      right: rightText,
      changed: leftText !== rightText,
    };
  });
}

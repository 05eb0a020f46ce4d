import Tooltip from '@mui/material/Tooltip';
import { isCatalogued, STATUS_DETAIL_LABELS, statusDetailLabel } from '../../lib/code-label';

export interface CodeTextProps {
  /** The upstream code (accredited, collection_fee, http_503...). */
  code: string | null | undefined;
  /** Its Spanish label (a `codeLabel` table of lib/code-label, or an area's own). */
  label: (code: string | null | undefined) => string;
}

/**
 * An upstream code as the operator reads it: the Spanish label, with the raw code in a tooltip for support
 * ('Código: accredited'); '—' when there is none. The tooltip describes the text, it does not rename it.
 */
export function CodeText({ code, label }: CodeTextProps) {
  if (!code) return <>—</>;
  return (
    <Tooltip title={`Código: ${code}`} describeChild>
      <span data-code={code}>{label(code)}</span>
    </Tooltip>
  );
}

export interface StatusDetailTextProps {
  /** A status detail: a catalogue code (rejected_by_payer, forced_success…) or a service's own free text. */
  detail: string | null | undefined;
  /** How free text is shown (a distribution shortens a technical prefix); as it is by default. */
  readable?: (text: string) => string;
}

/**
 * A status detail as the operator reads it: a code of the status-detail catalogue through `CodeText` (its Spanish
 * label, the code in a tooltip), anything else as the service wrote it; '—' when there is none.
 */
export function StatusDetailText({ detail, readable = (text) => text }: StatusDetailTextProps) {
  if (!detail) return <>—</>;
  if (isCatalogued(STATUS_DETAIL_LABELS, detail)) return <CodeText code={detail} label={statusDetailLabel} />;
  return <>{readable(detail)}</>;
}

export { MessageText } from './message-text';

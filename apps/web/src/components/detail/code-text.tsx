import Tooltip from '@mui/material/Tooltip';

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

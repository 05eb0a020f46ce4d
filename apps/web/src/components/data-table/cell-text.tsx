import { Fragment } from 'react';
import { dataTableClasses } from './data-table';

/** Where a line may break in a token text: after these separators, never inside what lies between them. */
const SEPARATED = /[^_/\s]+[_/\s]*|[_/\s]+/g;

/** The tokens of a name, each with the separator after it ('F8126_2026-10_3001.txt' -> F8126_, 2026-10_, 3001.txt). */
export const tokensOf = (text: string): string[] => text.match(SEPARATED) ?? [];

/**
 * A name made of tokens (a file name, a path): on one or two lines, broken only after a separator ('_', '/', a
 * space), never inside a token; what does not fit ends with an ellipsis. The whole name in the cell's title.
 */
export function TokenText({ text, lines = 2 }: { text: string; lines?: 1 | 2 }) {
  return (
    <span className={lines === 2 ? dataTableClasses.twoLines : dataTableClasses.oneLine} title={text}>
      {tokensOf(text).map((token, index) => (
        <Fragment key={index}>
          <span className={dataTableClasses.token}>{token}</span>
          <wbr />
        </Fragment>
      ))}
    </span>
  );
}

/** A CBU: 22 digits (BCRA). */
const CBU = /^\d{22}$/;

/**
 * The width of a column of CBUs: 22 figures on one line (168 px at the grid's 0.75rem for accounts in DejaVu Sans, the
 * widest of the theme's system fonts; less elsewhere) and the cell's padding.
 */
export const ACCOUNT_COLUMN_WIDTH = 180;

/**
 * A destination account in a cell: a CBU on one line, in figures of one width, as operators read it against a
 * transfer and copy it whole (split on two lines it read as two numbers); an alias or any other value as a token
 * text. The whole account in the cell's title.
 */
export function AccountText({ account }: { account: string }) {
  if (!CBU.test(account)) return <TokenText text={account} />;
  return (
    <span className={dataTableClasses.account} title={account}>
      {account}
    </span>
  );
}

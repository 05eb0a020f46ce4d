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

/** A CBU's two blocks (BCRA): the bank and branch (8 digits), then the account (14). */
const CBU_BLOCKS = /^(\d{8})(\d{14})$/;

/**
 * A destination account in a cell: a CBU on two short lines broken only between its two blocks (8 and 14 digits),
 * never inside one, so that its column needs the width of 14 digits instead of 22 (issue 64); an alias or any other
 * value as a token text. The whole account in the cell's title; copied, it has no space.
 */
export function AccountText({ account }: { account: string }) {
  const blocks = CBU_BLOCKS.exec(account);
  if (!blocks) return <TokenText text={account} />;
  return (
    <span className={dataTableClasses.twoLines} title={account}>
      <span className={dataTableClasses.token}>{blocks[1]}</span>
      <wbr />
      <span className={dataTableClasses.token}>{blocks[2]}</span>
    </span>
  );
}

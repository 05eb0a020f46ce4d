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

import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';

/** A section of a detail screen (payment, subscription...): a titled card with optional header actions. */
export function DetailCard({
  title,
  icon,
  action,
  children,
  testId,
  dense,
}: {
  title: string;
  icon?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** No inner padding (tables that reach the edges). */
  dense?: boolean;
}) {
  const headingId = testId ? `${testId}-title` : undefined;
  return (
    <Card component="section" aria-labelledby={headingId} data-testid={testId} sx={{ height: '100%' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2.5,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
          minHeight: 52,
        }}
      >
        {icon && <Box sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: 20 } }}>{icon}</Box>}
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      <Box sx={dense ? undefined : { px: 2.5, py: 2 }}>{children}</Box>
    </Card>
  );
}

/** Label/value pairs in a responsive grid. */
export function FieldGrid({ children, min = 180 }: { children: ReactNode; min?: number }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`,
        columnGap: 3,
        rowGap: 2,
      }}
    >
      {children}
    </Box>
  );
}

/** The pieces of a text between which a line may break: after '@', and after '.', '_' or '-' before an '@'. */
export const emailPieces = (text: string): string[] => text.split(/(?<=@)|(?<=[._-])(?=[^@]*@)/);

/**
 * A text that breaks, when it must, after an e-mail's '@' or a separator of its name, never inside its domain or a
 * word ('maria.gonzalez@' / 'gmail.com', not 'maria.gonzalez@gmail.co' / 'm'); a text without '@' is
 * unchanged, and a domain wider than its box still breaks rather than overflow.
 */
export function EmailText({ email }: { email: string }) {
  return (
    <>
      {emailPieces(email).map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}

/** One label and its value (an e-mail broken only where it reads well); an empty value shows '—'. */
export function Field({
  label,
  value,
  mono,
  wide,
  testId,
}: {
  label: string;
  value: ReactNode;
  mono?: boolean;
  /** Spans the whole row (URLs, long texts). */
  wide?: boolean;
  testId?: string;
}) {
  const empty = value === null || value === undefined || value === '';
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }} data-testid={testId}>
      <Typography
        component="dt"
        variant="caption"
        sx={{ color: 'text.secondary', textTransform: 'uppercase', letterSpacing: '0.04em', fontWeight: 600 }}
      >
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{
          m: 0,
          mt: 0.25,
          wordBreak: 'break-word',
          fontFamily: mono && !empty ? 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' : undefined,
          color: empty ? 'text.disabled' : undefined,
        }}
      >
        {empty ? '—' : typeof value === 'string' ? <EmailText email={value} /> : value}
      </Typography>
    </Box>
  );
}

/** The text a section shows when it has nothing. */
export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      {children}
    </Typography>
  );
}

/** Small tables inside sections: uppercase muted headers, no outer border. */
export const sectionTableSx = {
  '& th': {
    color: 'text.secondary',
    fontSize: '0.72rem',
    fontWeight: 700,
    letterSpacing: '0.04em',
    bgcolor: 'background.paper',
  },
  // Headers wrap at their spaces ('CÓDIGO DE ÁREA') and the padding is the grid's: a section's table fits its card
  // instead of cutting its last column (a payer's phone number, a payment's IMPORTE).
  '& td, & th': { px: 2 },
  '& tr:last-of-type td': { borderBottom: 0 },
} as const;

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { PageHeader } from './page-header';

/**
 * A screen's region: a <section> named by its title (or by `label` where the title is a record's own name),
 * its `PageHeader` first (title, subtitle, actions on the right), then the screen's content.
 */
export function PageSection({
  title,
  label = title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  /** The section's accessible name when it is not the title. */
  label?: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box component="section" aria-label={label}>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {children}
    </Box>
  );
}

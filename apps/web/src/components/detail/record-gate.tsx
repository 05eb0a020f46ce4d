import type { ReactNode } from 'react';
import { ErrorAlert } from '../feedback/error-alert';
import { PageLoader } from '../feedback/page-loader';
import { StatusPage } from '../layout/status-page';
import { loadErrorText, missingRecordTexts, type RecordNoun } from './record-texts';

export interface RecordGateOptions {
  noun: RecordNoun;
  /** The id in the URL, named in the not-found sentence. */
  id: string;
  /** The not-found page's icon (the record's own: a store, a person). */
  icon: ReactNode;
  notFoundTestId: string;
}

/**
 * The states of a record page read once, without versions nor a list to go back to (an entity, a payer), before
 * the record can be shown: loading, the load error with 'Reintentar', and 'La entidad no existe'. Null when the
 * record is there.
 */
export function recordGate(
  query: { data?: unknown; loading: boolean; error?: unknown; refetch(): Promise<unknown> },
  record: unknown,
  { noun, id, icon, notFoundTestId }: RecordGateOptions,
): ReactNode | null {
  if (!query.data && query.loading) return <PageLoader />;
  if (query.error && !record) {
    return (
      <ErrorAlert
        title={loadErrorText(noun)}
        error={query.error}
        onRetry={() => void query.refetch().catch(() => undefined)}
      />
    );
  }
  if (!record) {
    const missing = missingRecordTexts(noun, id);
    return (
      <StatusPage icon={icon} title={missing.title} testId={notFoundTestId}>
        {missing.text}
      </StatusPage>
    );
  }
  return null;
}

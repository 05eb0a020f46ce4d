import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { gateQuery, type DetailGateProps } from './detail-gate';
import { useVersionParam } from '../versions/use-version-param';
import { useFreshRecord } from './fresh-record';
import { usePreloadedPolicy } from '../../lib/preload/use-preloaded-policy';

export interface VersionedRecordOptions<
  CurrentData,
  VersionData,
  Variables extends OperationVariables,
  Current,
  Old,
> {
  /** The current version's query and the record in its answer. */
  current: TypedDocumentNode<CurrentData, Variables>;
  recordOf(data: CurrentData): Current | null | undefined;
  /** The same variables plus `version`: an older version's query and the record in its answer. */
  version: TypedDocumentNode<VersionData, Variables & { version: number }>;
  versionOf(data: VersionData): Old | null | undefined;
  variables: Variables;
  /** The current version's address ('Ver versión actual'). */
  currentHref: string;
}

/**
 * A detail kept in versions: the current version read (cache and network, re-read on 'Recargar'), an older one
 * when `?version=N` asks for another (`showVersion` goes to one), which of them is shown, how fresh the current one is (only while it is the
 * one shown), and the gate's part for both queries.
 */
export function useVersionedRecord<
  CurrentData,
  VersionData,
  Variables extends OperationVariables,
  Current extends { version?: number | null },
  Old,
>({
  current: currentDocument,
  recordOf,
  version: versionDocument,
  versionOf,
  variables,
  currentHref,
}: VersionedRecordOptions<CurrentData, VersionData, Variables, Current, Old>) {
  const { requestedVersion, showVersion } = useVersionParam();
  // The route's preload may have sent this very query (`recordPreload`, lib/preload): its answer, not a second one.
  const policy = usePreloadedPolicy(currentDocument as TypedDocumentNode<unknown, Variables>, variables);
  const current = useQuery(currentDocument as TypedDocumentNode<CurrentData, OperationVariables>, {
    variables,
    ...policy,
    notifyOnNetworkStatusChange: true,
  });
  const currentRecord = (current.data ? recordOf(current.data as CurrentData) : null) ?? null;
  const wantsOld =
    requestedVersion !== null && currentRecord !== null && requestedVersion !== currentRecord.version;
  const old = useQuery(versionDocument as TypedDocumentNode<VersionData, OperationVariables>, {
    variables: { ...variables, version: requestedVersion ?? 0 },
    skip: !wantsOld,
  });
  const oldRecord = (old.data ? versionOf(old.data as VersionData) : null) ?? null;
  const record: Current | Old | null = wantsOld ? oldRecord : currentRecord;
  const fresh = useFreshRecord(currentDocument, variables, current, (data) => recordOf(data as CurrentData), {
    skip: wantsOld,
  });
  const gate: Pick<DetailGateProps, 'current'> & {
    old: NonNullable<DetailGateProps['old']>;
    currentHref: string;
  } = {
    current: gateQuery(current, currentRecord !== null),
    old: { wanted: wantsOld, found: record !== null, loading: old.loading, error: old.error },
    currentHref,
  };
  return { current, currentRecord, old, wantsOld, record, fresh, gate, requestedVersion, showVersion };
}

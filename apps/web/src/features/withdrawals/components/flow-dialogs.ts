import { lazyFlowDialogs } from '@/components/dialogs/lazy-flow-dialogs';
import type { ListBulk } from '@/components/list-page/use-list-bulk';
import type {
  WithdrawalBulkResultFragment as WithdrawalResult,
  WithdrawalRowFragment as WithdrawalRow,
  WithdrawBulkResultFragment as WithdrawResult,
  WithdrawRowFragment as WithdrawRow,
} from '../gql/graphql';
import type { authorizationQuery, WithdrawalRowChange, WithdrawRowChange, withdrawsQuery } from '../lists';
import type { WithdrawalBulkKind, WithdrawBulkKind } from '../withdrawal-actions';
import type { WithdrawalFlowValue } from './withdrawal-flow-dialogs';
import type { PanelPage } from './withdrawal-list-panel';

type Value = WithdrawalFlowValue;

/** The authorization list's or the history's page (one query document, one row type) and its selection's flow. */
export type WithdrawalsPage = PanelPage<typeof authorizationQuery, WithdrawalRowChange>;
export type WithdrawalsBulk = ListBulk<WithdrawalBulkKind, WithdrawalRow, Value, WithdrawalResult>;
/** The transfer list's page and its selection's flow. */
export type WithdrawsPage = PanelPage<typeof withdrawsQuery, WithdrawRowChange>;
export type WithdrawsBulk = ListBulk<WithdrawBulkKind, WithdrawRow, Value, WithdrawResult>;

/** The withdrawal lists' flow dialogs, downloaded after the list (`lazyFlowDialogs`): one chunk for both. */
const load = () => import('./withdrawal-flow-dialogs');

/** Authorize and reject (the authorization list and the history). */
export const WithdrawalsFlowDialogs = lazyFlowDialogs(() =>
  load().then((module) => module.WithdrawalsFlowDialogs),
);
/** Transfer and reject (the transfer list). */
export const WithdrawsFlowDialogs = lazyFlowDialogs(() =>
  load().then((module) => module.WithdrawsFlowDialogs),
);

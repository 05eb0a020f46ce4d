import type { ActionRegistry } from '../actions/action-registry';
import type { BulkResultLike } from './bulk-progress';
import { BulkFlowDialogs, type BulkFlowDialogsProps } from './bulk-flow-dialogs';
import type { AreaFlowDialogsProps } from './flow-inputs';

/**
 * What an area's flow dialogs always are: its registry (each kind's dialog texts), noun, selection columns, labels
 * and inputs. The items are named by their `id`.
 */
export type FlowDialogsDefinition<
  K extends string,
  T extends { id: string },
  V,
  R extends BulkResultLike,
> = Omit<BulkFlowDialogsProps<K, T, V, R>, keyof AreaFlowDialogsProps<K, T, V, R> | 'texts' | 'getId'> & {
  registry: ActionRegistry<K>;
};

const idOf = (item: { id: string }) => item.id;

/**
 * An area's flow dialogs as a definition: the component its screens render with the flow's control and runners,
 * `BulkFlowDialogs` with the area's part filled in once.
 */
export function areaFlowDialogs<K extends string, T extends { id: string }, V, R extends BulkResultLike>({
  registry,
  ...definition
}: FlowDialogsDefinition<K, T, V, R>) {
  // A kind that starts a flow declares its dialog texts in the registry.
  const texts = (kind: K) => registry[kind].dialog!;
  return function AreaFlowDialogs(props: AreaFlowDialogsProps<K, T, V, R>) {
    return <BulkFlowDialogs {...props} {...definition} texts={texts} getId={idOf} />;
  };
}

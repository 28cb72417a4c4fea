import { useState } from 'react';
import { SaveToggleButton } from './save-toggle';
import { showToast } from './toast';

/**
 * What the toggle needs of the mutation that stores the change; a TanStack Query `useMutation`
 * result fits. Shared UI does not import the resources (entities/), so the caller hands it over.
 */
export interface SaveMutation<Variables> {
  isPending: boolean;
  isError: boolean;
  mutate: (variables: Variables, options: { onSuccess: () => void; onSettled: () => void }) => void;
}

interface OptimisticSaveToggleProps<Variables> {
  isSaved: boolean;
  /** The title of what is saved, in the button's name. */
  itemTitle: string;
  /** Said to screen readers on a saved item: pressing removes it from which list. */
  removeHint: string;
  mutation: SaveMutation<Variables>;
  /** What the mutation is asked to store: saved (true) or removed (false). */
  variables: (save: boolean) => Variables;
  /** The toasts once the server has stored the change. */
  savedToast: string;
  removedToast: string;
  className?: string;
}

/**
 * The save button with the one way a saved item changes (ADR 0035): the change shows at once and
 * is confirmed with a toast. Each list (projects, resources, works) brings its mutation and its texts.
 */
export function OptimisticSaveToggle<Variables>({
  isSaved,
  mutation,
  variables,
  savedToast,
  removedToast,
  ...button
}: OptimisticSaveToggleProps<Variables>) {
  // Shown at once while the change travels; the server's answer replaces it.
  const [pending, setPending] = useState<boolean | null>(null);
  const saved = pending ?? isSaved;

  return (
    <SaveToggleButton
      {...button}
      isSaved={saved}
      isPending={mutation.isPending}
      hasFailed={mutation.isError}
      onToggle={() => {
        const save = !saved;
        setPending(save);
        mutation.mutate(variables(save), {
          onSuccess: () => showToast(save ? savedToast : removedToast),
          onSettled: () => setPending(null),
        });
      }}
    />
  );
}

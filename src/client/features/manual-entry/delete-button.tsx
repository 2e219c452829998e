import { ActionIcon } from '@mantine/core';
import { Icon } from '#client/components/icons.tsx';

/** What is being deleted: a Details entry, a Line of Business (its Details), or a Carrier (all of it). */
export type DeleteTarget = { kind: 'details' | 'line' | 'carrier'; importUuids: readonly string[] };

/**
 * The trash icon that asks to delete `target` (its label names what it deletes). The confirmation
 * (delete-confirmation.tsx) loads on its first opening.
 */
export function DeleteButton({
  label,
  target,
  onDelete,
}: {
  label: string;
  target: DeleteTarget;
  onDelete: (target: DeleteTarget) => void;
}) {
  return (
    <ActionIcon variant="subtle" color="red.8" aria-label={label} onClick={() => onDelete(target)}>
      <Icon name="trash" size={18} />
    </ActionIcon>
  );
}

import { Group, Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Dialogs are composed rather than <Modal title>: Mantine's modal header is a <header>, which is a
 * second banner landmark, and its close button has no accessible name (both axe violations).
 */
export function DialogFrame({
  opened,
  onClose,
  size,
  closable = true,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  size?: ModalRootProps['size'];
  /** False for dialogs that only their own buttons may close (no Escape, no click outside). */
  closable?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size={size}
      closeOnEscape={closable}
      closeOnClickOutside={closable}
      centered
    >
      <Modal.Overlay />
      <Modal.Content>{children}</Modal.Content>
    </Modal.Root>
  );
}

/** The title row of a dialog, with a named close button when the dialog may be closed. */
export function DialogHeader({ title, closable = true }: { title: string; closable?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" p="md" pb="xs">
      <Modal.Title fw={600}>{title}</Modal.Title>
      {closable && <Modal.CloseButton aria-label="Close" />}
    </Group>
  );
}

/** A dialog with a title and a body. */
export function Dialog({
  title,
  children,
  ...frame
}: Omit<Parameters<typeof DialogFrame>[0], 'children'> & { title: string; children: ReactNode }) {
  return (
    <DialogFrame {...frame}>
      <DialogHeader title={title} closable={frame.closable} />
      <Modal.Body>{children}</Modal.Body>
    </DialogFrame>
  );
}

import { Group, Modal } from '@mantine/core';

/**
 * The title row of a collaboration dialog. Composed rather than <Modal title>: Mantine's modal header
 * is a <header>, which would be a second banner landmark, and its close button would have no name.
 */
export function DialogHeader({ title }: { title: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" p="md" pb="xs">
      <Modal.Title fw={600}>{title}</Modal.Title>
      <Modal.CloseButton aria-label="Close" />
    </Group>
  );
}

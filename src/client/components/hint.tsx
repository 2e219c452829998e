import type { ReactElement } from 'react';
import { Tooltip } from '@mantine/core';

/**
 * A tooltip that opens on hover and on keyboard focus, drawn next to its target (not in a portal) so
 * it stays inside the page's landmarks; fixed positioning keeps it clear of scrolling containers.
 */
export function Hint({ label, width, children }: { label: string; width?: number; children: ReactElement }) {
  return (
    <Tooltip
      label={label}
      events={{ hover: true, focus: true, touch: true }}
      withinPortal={false}
      floatingStrategy="fixed"
      multiline={width !== undefined}
      w={width}
    >
      {children}
    </Tooltip>
  );
}

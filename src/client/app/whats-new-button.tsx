import type { Ref } from 'react';
import { Button, Indicator, VisuallyHidden } from '@mantine/core';
import { queryOptions } from '@tanstack/react-query';
import { whatsNewResponseSchema } from '#shared/contracts/whats-new.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { Icon } from '#client/components/icons.tsx';

/** Always stale: opening the widget asks the server again. */
export const whatsNewQuery = queryOptions({
  queryKey: ['whats-new'],
  queryFn: ({ signal }) => apiRequest('/api/whats-new', whatsNewResponseSchema, { signal }),
  staleTime: 0,
});

/** The header's button: the same for the stand-in and the popover's target. */
export function WhatsNewButton({
  unread,
  ref,
  ...props
}: { unread: boolean; ref?: Ref<HTMLButtonElement> } & React.ComponentPropsWithoutRef<'button'>) {
  return (
    <Button
      ref={ref}
      variant="subtle"
      size="sm"
      leftSection={
        <Indicator disabled={!unread} size={9} offset={2} color="red">
          <Icon name="news" size={18} />
        </Indicator>
      }
      {...props}
    >
      What&apos;s new
      {unread && <VisuallyHidden> (unread news)</VisuallyHidden>}
    </Button>
  );
}

import { useState, type Ref } from 'react';
import { Button, Indicator, VisuallyHidden } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { whatsNewResponseSchema } from '#shared/contracts/whats-new.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { deferred, useStandIn } from '#client/components/deferred.tsx';
import { Icon } from '#client/components/icons.tsx';

const SEEN_KEY = 'understanding.whatsNewSeen';

/** Always stale: opening the widget asks the server again. */
export const whatsNewQuery = queryOptions({
  queryKey: ['whats-new'],
  queryFn: ({ signal }) => apiRequest('/api/whats-new', whatsNewResponseSchema, { signal }),
  staleTime: 0,
});

function readSeen(): string | null {
  try {
    return localStorage.getItem(SEEN_KEY);
  } catch {
    return null;
  }
}

function writeSeen(id: string): void {
  try {
    localStorage.setItem(SEEN_KEY, id);
  } catch {
    // Storage unavailable: the dot returns on the next visit.
  }
}

const popoverPart = deferred(() => import('./whats-new-part.tsx'));

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

/**
 * The header's What's new button: a dot while the newest entry is unread, the entries on opening
 * (in a popover, whats-new-part.tsx, loaded when the button is first pointed at or focused).
 */
export function WhatsNew() {
  const [opened, setOpened] = useState(false);
  const [seen, setSeen] = useState(readSeen);
  const { data } = useQuery(whatsNewQuery);
  const { module, activation, standInProps } = useStandIn(popoverPart);
  const newest = data?.entries[0]?.id;
  const unread = newest !== undefined && newest !== seen;

  const toggle = () => {
    const next = !opened;
    setOpened(next);
    if (next && newest !== undefined) {
      writeSeen(newest);
      setSeen(newest);
    }
  };

  if (module) {
    return (
      <module.WhatsNewPopover
        opened={opened}
        onChange={setOpened}
        unread={unread}
        onToggle={toggle}
        activation={activation}
      />
    );
  }
  return <WhatsNewButton unread={unread} aria-haspopup="dialog" aria-expanded={false} {...standInProps} />;
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { deferred, useStandIn } from '#client/components/deferred.tsx';
import { WhatsNewButton, whatsNewQuery } from './whats-new-button.tsx';

const SEEN_KEY = 'understanding.whatsNewSeen';

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

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sigmaEmbedQuery } from './embed-api.ts';
import { EmbedContainer, EmbedErrorPanel, EmbedLoader, SIGMA_MIN_WIDTH } from './embed-layout.tsx';
import { readSigmaMessage } from './embed-messages.ts';
import { useRenewedLink } from './link-renewal.ts';
import { ProviderFrame } from './provider-frame.tsx';

/** How many error messages from the workbook are retried with a new URL before the panel shows. */
export const SIGMA_RETRIES = 1;

/**
 * A Sigma workbook (spec part 1 §2, §4, §8): a signed URL from POST /api/sigma/embed in a frame at
 * least 1400px wide. Spec part 1 §4 "on an error message the first error clears the embed data and retries;
 * a second shows the error panel" — the panel without a message (§8), as for any Sigma failure.
 */
export function SigmaWorkbook({
  workbookId,
  levelUuid,
  label,
}: {
  workbookId: string;
  levelUuid: string;
  label: string;
}) {
  const [errors, setErrors] = useState(0);
  const attempt = Math.min(errors, SIGMA_RETRIES);
  const failed = errors > SIGMA_RETRIES;
  const embed = useQuery({ ...sigmaEmbedQuery(workbookId, levelUuid, attempt), enabled: !failed });
  // A renewed URL waits for the user (link-renewal.ts); a retry's URL shows at once.
  const link = useRenewedLink(embed.data, attempt);

  if (failed || embed.isError) return <EmbedErrorPanel />;
  if (!embed.data || !link) return <EmbedLoader label={`Loading ${label}`} />;
  return (
    <EmbedContainer label={label} minWidth={SIGMA_MIN_WIDTH}>
      <ProviderFrame
        key={link.embedUrl}
        src={link.embedUrl}
        origin={link.origin}
        title={label}
        readMessage={readSigmaMessage}
        loadedOn="message"
        // One error per URL counts: a frame that repeats itself before it is replaced is not a retry.
        onError={() => setErrors((count) => (count === attempt ? count + 1 : count))}
      />
    </EmbedContainer>
  );
}

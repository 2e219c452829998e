import { useQuery } from '@tanstack/react-query';
import { embedConfigQuery } from './embed-api.ts';
import { EmbedContainer, EmbedErrorPanel, EmbedLoader } from './embed-layout.tsx';
import { readMetabaseMessage } from './embed-messages.ts';
import { useRenewedLink } from './link-renewal.ts';
import { ProviderFrame } from './provider-frame.tsx';

/**
 * A Metabase dashboard (signed embedding): the config's URL in a frame, shown once it has loaded and
 * sized by Metabase's frame messages. A new URL is fetched before the signed one expires (spec part 1 §4)
 * and shown when the user next turns to the page, or just before the old one expires (link-renewal.ts).
 */
export function MetabaseDashboard({
  assignmentId,
  levelUuid,
  label,
}: {
  assignmentId: string;
  levelUuid: string;
  label: string;
}) {
  const config = useQuery(embedConfigQuery(assignmentId, levelUuid));
  const link = useRenewedLink(config.data);

  if (config.isError) return <EmbedErrorPanel message={config.error.message} />;
  if (!link) return <EmbedLoader label={`Loading ${label}`} />;
  return (
    <EmbedContainer label={label}>
      <ProviderFrame
        key={link.embedUrl}
        src={link.embedUrl}
        origin={link.origin}
        title={label}
        readMessage={readMetabaseMessage}
        loadedOn="frame-load"
        onError={() => undefined}
      />
    </EmbedContainer>
  );
}

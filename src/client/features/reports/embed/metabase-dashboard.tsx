import { useQuery } from '@tanstack/react-query';
import { embedConfigQuery } from './embed-api.ts';
import { EmbedContainer, EmbedErrorPanel, EmbedLoader } from './embed-layout.tsx';
import { readMetabaseMessage } from './embed-messages.ts';
import { ProviderFrame } from './provider-frame.tsx';

/**
 * A Metabase dashboard (signed embedding): the config's URL in a frame, shown once it has loaded and
 * sized by Metabase's frame messages; a new URL is fetched when the signed one expires (spec §4).
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

  if (config.isError) return <EmbedErrorPanel message={config.error.message} />;
  if (!config.data) return <EmbedLoader label={`Loading ${label}`} />;
  return (
    <EmbedContainer label={label}>
      <ProviderFrame
        key={config.data.embedUrl}
        src={config.data.embedUrl}
        origin={config.data.origin}
        title={label}
        readMessage={readMetabaseMessage}
        loadedOn="frame-load"
        onError={() => undefined}
      />
    </EmbedContainer>
  );
}

import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { saveFile } from '#client/components/report/save-file.ts';
import { downloadProductionCsv } from './production-api.ts';
import type { ProductionRequest, ProductionView } from './production-model.ts';

export const GENERATING_DOWNLOAD = 'Generating download...';

/**
 * The CSV download (spec part 1 §2, §7): the export of the current query and view (carriers or
 * agencies), saved under the name the server gives. A failure is logged and the button comes back (§8).
 */
export function ExportButton({
  request,
  view,
  displayText,
  disabled,
}: {
  request: ProductionRequest | null;
  view: ProductionView;
  displayText: string;
  disabled: boolean;
}) {
  const download = useMutation({
    mutationFn: (input: { request: ProductionRequest; view: ProductionView; displayText: string }) =>
      downloadProductionCsv(input.request, input.view, input.displayText),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: (error) => console.error('The Carrier Production download failed.', error),
  });

  return (
    <Button
      variant="default"
      disabled={disabled || request === null || download.isPending}
      onClick={() => request && download.mutate({ request, view, displayText })}
    >
      {download.isPending ? GENERATING_DOWNLOAD : `Download Carrier Production for ${displayText}`}
    </Button>
  );
}

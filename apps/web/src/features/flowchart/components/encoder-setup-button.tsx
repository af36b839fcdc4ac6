import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { api } from '../../../lib/api-client';

// The sources screen's dialog (server URL and stream key with copy buttons, OBS steps, key rotation),
// loaded with its texts when first opened.
const EncoderSetupDialog = lazy(() =>
  import('../../sources/components/encoder-setup-dialog').then((m) => ({ default: m.EncoderSetupDialog })),
);

/** "Encoder setup" in an RTMP, SRT or WHIP source's sheet: the same dialog as on the sources screen. */
export function EncoderSetupButton({ sourceId }: { sourceId: string }) {
  const { t } = useTranslation('flowchart');
  const [open, setOpen] = useState(false);
  const source = useQuery({
    queryKey: ['sources', 'one', sourceId],
    queryFn: ({ signal }) => api.sources.get({ params: { id: sourceId } }, { signal }),
    enabled: open,
  });
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} loading={open && source.isPending}>
        {t('sheet.encoderSetup')}
      </Button>
      {open && <ErrorAlert error={source.error} />}
      {open && source.data && (
        <Suspense fallback={null}>
          <EncoderSetupDialog source={source.data} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

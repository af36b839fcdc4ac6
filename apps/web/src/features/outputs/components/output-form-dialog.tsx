import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { DiscardChangesDialog, useDiscardGuard } from '../../../components/discard-guard';
import { ErrorAlert } from '../../../components/error-alert';
import { useSources } from '../../../lib/queries/sources';
import { useOutputPasswords } from '../api/output-passwords';
import { OutputForm } from './output-form';
import type { FormTarget } from './output-form-values';

export function OutputFormDialog({
  target,
  workspaceId,
  onClose,
}: {
  target: FormTarget | null;
  workspaceId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('outputs');
  const guard = useDiscardGuard(onClose);
  const titleKey =
    target?.kind === 'bulk'
      ? 'form.bulkTitle'
      : target?.kind === 'edit'
        ? 'form.editTitle'
        : 'form.createTitle';
  return (
    <>
      <Dialog
        open={target !== null}
        onClose={guard.requestClose}
        maxWidth="md"
        fullWidth
        fullScreen={useMediaQuery('(max-width:599px)')}
        aria-labelledby="output-form-title"
      >
        <DialogTitle id="output-form-title">
          {t(titleKey, { count: target?.kind === 'bulk' ? target.outputs.length : 1 })}
        </DialogTitle>
        {target && (
          <FormLoader
            target={target}
            workspaceId={workspaceId}
            onDirty={guard.setDirty}
            onCancel={guard.requestClose}
            onSaved={guard.close}
          />
        )}
      </Dialog>
      <DiscardChangesDialog guard={guard} />
    </>
  );
}

/** The sources list and (when editing one) the passwords load before the form starts. */
function FormLoader({
  target,
  workspaceId,
  onDirty,
  onCancel,
  onSaved,
}: {
  target: FormTarget;
  workspaceId: string;
  onDirty: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('outputs');
  const { t: tCommon } = useTranslation('common');
  const sources = useSources(workspaceId || undefined);
  const passwords = useOutputPasswords(target.kind === 'edit' ? target.output.id : null);
  const error = sources.error ?? passwords.error;
  const loading = sources.isPending || (target.kind === 'edit' && passwords.isPending);
  if (error || loading) {
    return (
      <>
        <DialogContent dividers>
          {error ? (
            <ErrorAlert error={error} />
          ) : (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label={t('form.loading')} />
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onCancel}>{tCommon('actions.cancel')}</Button>
        </DialogActions>
      </>
    );
  }
  return (
    <OutputForm
      target={target}
      workspaceId={workspaceId}
      sources={sources.data ?? []}
      passwords={passwords.data?.passwords ?? []}
      onDirty={onDirty}
      onCancel={onCancel}
      onSaved={onSaved}
    />
  );
}

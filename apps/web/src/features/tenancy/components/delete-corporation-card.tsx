import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { SectionCard } from '../../../components/section-card';
import { TextInput } from '../../../components/text-input';
import type { CorporationData } from '../../../lib/types';
import { useDeleteCorporation } from '../api/delete-corporation';

/** Deleting takes every workspace with it, so the name must be typed to confirm. */
export function DeleteCorporationCard({ corporation }: { corporation: CorporationData }) {
  const { t } = useTranslation('tenancy');
  const navigate = useNavigate();
  const remove = useDeleteCorporation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === corporation.name;
  const close = () => {
    setOpen(false);
    setTyped('');
    remove.reset();
  };

  return (
    <SectionCard title={t('corporation.delete')} description={t('corporation.deleteText')} tone="danger">
      <Button color="error" variant="outlined" startIcon={<DeleteOutlined />} onClick={() => setOpen(true)}>
        {t('corporation.deleteButton')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="delete-title" aria-describedby="delete-text">
        <DialogTitle id="delete-title">
          {t('corporation.deleteConfirmTitle', { name: corporation.name })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-text" sx={{ mb: 2 }}>
            {t('corporation.deleteConfirmText', { name: corporation.name })}
          </DialogContentText>
          <ErrorAlert error={remove.error} />
          <TextInput
            autoFocus
            label={t('corporation.deleteConfirmLabel')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common:actions.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={!confirmed}
            loading={remove.isPending}
            onClick={async () => {
              // mutateAsync: the page unmounts as the corporation leaves the cache, yet we still navigate.
              try {
                await remove.mutateAsync(corporation.id);
                navigate('/', { replace: true });
              } catch {
                // The dialog shows the error.
              }
            }}
          >
            {t('corporation.deleteConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </SectionCard>
  );
}

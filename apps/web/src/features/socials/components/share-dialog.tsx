import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SocialShare } from '@stromwerk/contracts/socials';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { api } from '../../../lib/api-client';
import { useWorkspaces } from '../../../lib/queries/workspaces';
import { usePutShares } from '../api/shares';

/**
 * Share a connection with workspaces (issue 20): members there may go live through it and/or post with
 * it; its token stays with its owner and they never see it. Only workspaces one may write in are offered.
 */
export function ShareDialog({
  socialId,
  name,
  onClose,
}: {
  socialId: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('socials');
  const workspaces = useWorkspaces();
  const current = useQuery({
    queryKey: ['socials', socialId, 'shares'],
    queryFn: ({ signal }) => api.socials.shares({ params: { id: socialId } }, { signal }),
  });
  const [shares, setShares] = useState<SocialShare[] | null>(null);
  useEffect(() => {
    if (current.data && shares === null) setShares(current.data.items);
  }, [current.data, shares]);
  const put = usePutShares(socialId);
  const writable = (workspaces.data ?? []).filter((w) => w.permissions.includes('write'));
  const of = (id: string) =>
    shares?.find((s) => s.workspaceId === id) ?? { workspaceId: id, live: false, post: false };
  const toggle = (id: string, key: 'live' | 'post', on: boolean) =>
    setShares((list) => [...(list ?? []).filter((s) => s.workspaceId !== id), { ...of(id), [key]: on }]);
  return (
    <Dialog open onClose={onClose} aria-labelledby="share-title" maxWidth="sm" fullWidth>
      <DialogTitle id="share-title">{t('share.title', { name })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('share.text')}
        </Typography>
        {writable.length === 0 && workspaces.isSuccess && <Alert severity="info">{t('share.none')}</Alert>}
        {writable.length > 0 && (
          <Table size="small" aria-label={t('share.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('share.workspace')}</TableCell>
                <TableCell align="center">{t('share.live')}</TableCell>
                <TableCell align="center">{t('share.post')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {writable.map((w) => (
                <TableRow key={w.id}>
                  <TableCell>{w.name}</TableCell>
                  {(['live', 'post'] as const).map((key) => (
                    <TableCell key={key} align="center">
                      <Checkbox
                        checked={of(w.id)[key]}
                        disabled={shares === null}
                        onChange={(e) => toggle(w.id, key, e.target.checked)}
                        slotProps={{ input: { 'aria-label': t(`share.${key}For`, { workspace: w.name }) } }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <ErrorAlert error={put.error ?? current.error} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('share.cancel')}</Button>
        <Button
          variant="contained"
          loading={put.isPending}
          disabled={shares === null}
          onClick={() =>
            put.mutate(
              (shares ?? []).filter((s) => s.live || s.post),
              { onSuccess: onClose },
            )
          }
        >
          {t('share.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type CreateApiKeyBody, createApiKeyBodySchema } from '@stromwerk/contracts/api-keys';
import { NAME_MAX_LENGTH } from '@stromwerk/contracts/limits';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-time-field';
import { ErrorAlert } from '../../../components/error-alert';
import { TextInput } from '../../../components/text-input';
import { checkWith } from '../../../lib/forms/schema-errors';
import { useForm } from '../../../lib/forms/use-form';
import { useCorporations } from '../../../lib/queries/corporations';
import { useWorkspaces } from '../../../lib/queries/workspaces';
import { useCreateApiKey } from '../api/api-keys';
import { CreatedApiKeyPanel } from './created-api-key-panel';

/** `all`, `c:<corporationId>` or `w:<workspaceId>`. */
type Values = { name: string; expiresAt: string; scope: string; permission: string };

export function CreateApiKeyDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation('account');
  const create = useCreateApiKey(userId);
  const corporations = useCorporations().data ?? [];
  const workspaces = useWorkspaces().data ?? [];
  const body = (v: Values): CreateApiKeyBody => {
    const permission = v.permission as 'read' | 'write';
    const workspace = v.scope.startsWith('w:')
      ? workspaces.find((w) => w.id === v.scope.slice(2))
      : undefined;
    const scope = workspace
      ? { corporationId: workspace.corporationId, workspaceId: workspace.id, permission }
      : v.scope.startsWith('c:')
        ? { corporationId: v.scope.slice(2), workspaceId: null, permission }
        : null;
    return { name: v.name.trim(), expiresAt: v.expiresAt || null, scope };
  };
  const form = useForm<Values>({
    initial: { name: '', expiresAt: '', scope: 'all', permission: 'read' },
    check: checkWith(createApiKeyBodySchema, { body }),
  });
  const submit = form.handleSubmit((values) => create.mutate(body(values)));
  const expiryError = form.field('expiresAt');

  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      {create.data ? (
        <CreatedApiKeyPanel created={create.data} onClose={onClose} />
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <DialogTitle>{t('apiKeys.createTitle')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <ErrorAlert error={create.error} />
              <TextInput
                {...form.field('name')}
                label={t('apiKeys.name')}
                required
                autoFocus
                maxLength={NAME_MAX_LENGTH}
              />
              <DateTimeField
                label={t('apiKeys.expiry')}
                value={form.values.expiresAt || null}
                onChange={(value) => form.setValue('expiresAt', value ?? '')}
                error={expiryError.error}
                helperText={expiryError.helperText ?? t('apiKeys.expiryHint')}
              />
              <TextField {...form.field('scope')} select label={t('apiKeys.scopeLabel')}>
                <MenuItem value="all">{t('apiKeys.scopeAll')}</MenuItem>
                {corporations.map((c) => [
                  <MenuItem key={c.id} value={`c:${c.id}`} disabled={c.permissions.length === 0}>
                    {t('apiKeys.scopeCorporation', { name: c.name })}
                  </MenuItem>,
                  ...workspaces
                    .filter((w) => w.corporationId === c.id)
                    .map((w) => (
                      <MenuItem key={w.id} value={`w:${w.id}`} sx={{ pl: 4 }}>
                        {t('apiKeys.scopeWorkspace', { name: w.name })}
                      </MenuItem>
                    )),
                ])}
              </TextField>
              {form.values.scope !== 'all' && (
                <TextField {...form.field('permission')} select label={t('apiKeys.permission')}>
                  <MenuItem value="read">{t('apiKeys.read')}</MenuItem>
                  <MenuItem value="write">{t('apiKeys.write')}</MenuItem>
                </TextField>
              )}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose} disabled={create.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={create.isPending}>
              {t('apiKeys.createSubmit')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}

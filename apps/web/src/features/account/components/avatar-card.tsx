import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { SectionCard } from '../../../components/section-card';
import type { UserData } from '../../../lib/types';
import { useRemoveAvatar } from '../api/remove-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { avatarUrl, UserAvatar } from './user-avatar';

/** Shows the avatar, with upload (POST /v1/users/{id}/avatar) and removal. */
export function AvatarCard({ user }: { user: UserData }) {
  const { t } = useTranslation('account');
  const upload = useUploadAvatar(user.id);
  const remove = useRemoveAvatar(user.id);
  const hasAvatar = Boolean(avatarUrl(user));
  const input = useRef<HTMLInputElement>(null);

  return (
    <SectionCard title={t('avatar.title')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
        <UserAvatar user={user} size={72} />
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            hidden
            aria-hidden="true"
            tabIndex={-1}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.mutate(file);
              event.target.value = '';
            }}
          />
          <Button
            variant="outlined"
            startIcon={<PhotoCameraOutlined />}
            loading={upload.isPending}
            onClick={() => input.current?.click()}
            aria-describedby="avatar-note"
          >
            {t('avatar.upload')}
          </Button>
          {hasAvatar && (
            <Button color="inherit" onClick={() => remove.mutate()} loading={remove.isPending} sx={{ ml: 1 }}>
              {t('avatar.remove')}
            </Button>
          )}
          <Typography id="avatar-note" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('avatar.hint')}
          </Typography>
          <Box sx={{ mt: upload.error || remove.error ? 2 : 0 }}>
            <ErrorAlert error={upload.error ?? remove.error} />
          </Box>
        </Box>
      </Box>
    </SectionCard>
  );
}

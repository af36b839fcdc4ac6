import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type PostSocialBody, postNetworks, postSocialBodySchema } from '@stromwerk/contracts/social-posts';
import type { Social } from '@stromwerk/contracts/socials';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import type { Message } from '../../../lib/forms/messages';
import { schemaErrors } from '../../../lib/forms/schema-errors';
import { useMe } from '../../../lib/queries/me';
import { usePostableSocials, usePostSocial } from '../api/publish';
import type { MediaItem } from '../api/types';
import {
  type DestinationField,
  type DestinationValues,
  emptyDestination,
  PublishDestination,
} from './publish-destination';

const NETWORK_LABEL: Record<string, string> = {
  youtube: 'YouTube',
  'google-drive': 'Google Drive',
  ftp: 'FTP',
  facebook: 'Facebook',
  twitter: 'X',
};
const canPost = (s: Pick<Social, 'network' | 'authType'>) =>
  (postNetworks as readonly string[]).includes(s.network) && s.authType !== 'stream-key';

type Chosen = Record<string, DestinationValues>;
type Errors = Record<string, Partial<Record<DestinationField, string | Message>>>;

function bodyOf(mediaId: string, chosen: Chosen): PostSocialBody {
  return {
    mediaId,
    destinations: Object.entries(chosen).map(([socialId, v]) => ({
      socialId,
      visibility: v.visibility as PostSocialBody['destinations'][number]['visibility'],
      ...(v.title.trim() ? { title: v.title.trim() } : {}),
      ...(v.description.trim() ? { description: v.description } : {}),
      ...(v.tags.trim()
        ? {
            tags: v.tags
              .split(',')
              .map((tag) => tag.trim())
              .filter(Boolean),
          }
        : {}),
      ...(v.categoryId.trim() ? { categoryId: v.categoryId.trim() } : {}),
      ...(v.folder ? { folder: v.folder } : {}),
      ...(v.pageId.trim() ? { pageId: v.pageId.trim() } : {}),
    })),
  };
}

/**
 * The contract's refusals per destination field (`destinations.1.title` -> errors[socialId].title), and
 * the page a Facebook destination needs.
 */
function errorsOf(body: PostSocialBody, networkOf: (socialId: string) => string | undefined): Errors {
  const ids = body.destinations.map((d) => d.socialId);
  const flat = schemaErrors<string>(postSocialBodySchema, body, {
    fieldOf: (path) => {
      const m = /^destinations\.(\d+)\.(\w+)/.exec(path);
      return m && ids[Number(m[1])] ? `${ids[Number(m[1])]}:${m[2]}` : undefined;
    },
  });
  const errors: Errors = {};
  for (const [key, message] of Object.entries(flat)) {
    const [id, field] = key.split(':') as [string, DestinationField];
    errors[id] = { ...errors[id], [field]: message! };
  }
  for (const d of body.destinations)
    if (networkOf(d.socialId) === 'facebook' && !d.pageId && !errors[d.socialId]?.pageId)
      errors[d.socialId] = { ...errors[d.socialId], pageId: 'common:validation.required' };
  return errors;
}

/**
 * "Publish…" from the media library: choose among the user's connections that can post, fill in what each
 * network uses, and start one job per destination (they show in the jobs panel with their progress).
 */
export function PublishDialog({
  media,
  onClose,
  onPublished,
}: {
  media: MediaItem;
  onClose: () => void;
  onPublished: (count: number) => void;
}) {
  const { t } = useTranslation('medias');
  const me = useMe();
  const socials = usePostableSocials(me?.id);
  const post = usePostSocial();
  const [chosen, setChosen] = useState<Chosen>({});
  const [submitted, setSubmitted] = useState(false);
  const postable = (socials.data ?? []).filter(canPost);
  const body = bodyOf(media.id, chosen);
  const networkOf = (id: string) => postable.find((s) => s.id === id)?.network;
  const errors = submitted ? errorsOf(body, networkOf) : {};
  const count = body.destinations.length;

  const toggle = (id: string, on: boolean) =>
    setChosen(({ [id]: _dropped, ...rest }) => (on ? { ...rest, [id]: { ...emptyDestination } } : rest));
  const change = (id: string, field: DestinationField, value: string) =>
    setChosen((c) => ({ ...c, [id]: { ...(c[id] ?? emptyDestination), [field]: value } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (count === 0 || Object.keys(errorsOf(body, networkOf)).length > 0) return;
    post.mutate(body, { onSuccess: (answer) => onPublished(answer.jobs.length) });
  };

  return (
    <Dialog
      open
      onClose={post.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="publish-title"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="publish-title">{t('publish.title', { name: media.name })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1 }}>
          <ErrorAlert error={post.error ?? socials.error} />
          {socials.isLoading ? (
            <Typography color="text.secondary">{t('publish.loading')}</Typography>
          ) : postable.length === 0 ? (
            <Alert severity="info">
              {t('publish.none')}{' '}
              <Link component={RouterLink} to="/user/socials">
                {t('publish.toSocials')}
              </Link>
            </Alert>
          ) : (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 0.5 }}>
              <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('publish.choose')}
              </Typography>
              {postable.map((social) => (
                <Box key={social.id}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={Boolean(chosen[social.id])}
                        onChange={(e) => toggle(social.id, e.target.checked)}
                      />
                    }
                    label={`${social.name} · ${NETWORK_LABEL[social.network] ?? social.network}`}
                  />
                  {chosen[social.id] && (
                    <PublishDestination
                      social={social}
                      values={chosen[social.id]!}
                      errors={errors[social.id] ?? {}}
                      onChange={(field, value) => change(social.id, field, value)}
                    />
                  )}
                </Box>
              ))}
              {submitted && count === 0 && (
                <Typography color="error" variant="body2" role="alert">
                  {t('publish.chooseOne')}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary">
                {t('publish.templates')}
              </Typography>
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={post.isPending}>
            {t('publish.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={post.isPending} disabled={postable.length === 0}>
            {count > 1 ? t('publish.submitMany', { count }) : t('publish.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { PlatformTargetType } from '@stromwerk/contracts/limits';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  hasCategories,
  hasSubAccounts,
  hasTags,
  useCategories,
  useSubAccounts,
  useUsableSocials,
} from '../api/platform-connections';
import type { Values, Visibility } from './target-form-values';

/**
 * The part of the target dialog for a live platform (issue 20): the connection (own or shared with this
 * workspace), a page or channel where the network has them, and what goes live, as templates.
 */
export function PlatformFields({
  type,
  values,
  workspaceId,
  set,
  err,
  text,
}: {
  type: PlatformTargetType;
  values: Values;
  workspaceId: string;
  set: <K extends keyof Values>(field: K, value: Values[K]) => void;
  err: (field: keyof Values) => string | undefined;
  text: (field: keyof Values, label: string, extra?: Record<string, unknown>) => ReactNode;
}) {
  const { t, i18n } = useTranslation('targets');
  const usable = useUsableSocials(workspaceId);
  const connections = (usable.data?.items ?? []).filter((s) => s.network === type);
  const chosen = connections.find((c) => c.id === values.socialId);
  const viaOauth = chosen?.authType === 'oauth';
  const subAccounts = useSubAccounts(values.socialId, viaOauth && hasSubAccounts(type));
  const region = i18n.language.startsWith('de') ? 'DE' : 'US';
  const categories = useCategories(values.socialId, region, viaOauth && type === 'youtube');

  if (usable.isSuccess && connections.length === 0)
    return (
      <Alert severity="info" className="full">
        {t('platform.noConnection', { network: t(`type.${type}`) })}{' '}
        <Link component={RouterLink} to="/user/socials">
          {t('platform.connectLink')}
        </Link>
      </Alert>
    );
  return (
    <>
      <TextField
        select
        className="full"
        required
        label={t('fields.connection')}
        value={chosen ? values.socialId : ''}
        onChange={(e) => {
          set('socialId', e.target.value);
          set('subAccountId', '');
        }}
        error={Boolean(err('socialId'))}
        helperText={err('socialId') ?? (chosen && !chosen.own ? t('platform.shared') : undefined)}
      >
        {connections.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.externalName ? `${c.name} (${c.externalName})` : c.name}
            {c.authType === 'stream-key' ? ` · ${t('platform.streamKey')}` : ''}
          </MenuItem>
        ))}
      </TextField>
      {viaOauth && hasSubAccounts(type) && (
        <TextField
          select
          className="full"
          label={t(type === 'facebook' ? 'fields.page' : 'fields.channel')}
          value={values.subAccountId}
          onChange={(e) => set('subAccountId', e.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          helperText={subAccounts.isError ? t('platform.subAccountsFailed') : undefined}
          error={subAccounts.isError}
        >
          <MenuItem value="">
            {t(type === 'facebook' ? 'platform.profile' : 'platform.tokenChannel')}
          </MenuItem>
          {(subAccounts.data?.items ?? []).map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {viaOauth && (
        <>
          {text('title', t('fields.title'), {
            required: true,
            className: 'full',
            helperText: t('platform.templates'),
          })}
          {text('description', t('fields.description'), { className: 'full', multiline: true, minRows: 2 })}
          {type !== 'twitch' && (
            <TextField
              select
              label={t('fields.visibility')}
              value={values.visibility}
              onChange={(e) => set('visibility', e.target.value as Visibility)}
            >
              {(['public', 'unlisted', 'private'] as const).map((v) => (
                <MenuItem key={v} value={v}>
                  {t(`visibility.${v}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {type === 'youtube' && (
            <TextField
              select
              label={t('fields.category')}
              value={values.category}
              onChange={(e) => set('category', e.target.value)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('platform.noCategory')}</MenuItem>
              {(categories.data?.items ?? []).map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {type === 'twitch' &&
            hasCategories(type) &&
            text('category', t('fields.gameId'), { helperText: t('platform.gameIdHelp') })}
          {hasTags(type) &&
            text('tags', t('fields.tags'), { className: 'full', helperText: t('platform.tagsHelp') })}
        </>
      )}
    </>
  );
}

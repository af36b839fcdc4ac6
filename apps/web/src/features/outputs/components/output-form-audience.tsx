import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { RETENTION_HOURS } from '@stromwerk/contracts/limits';
import { useTranslation } from 'react-i18next';
import { SwitchField } from './output-form-program';
import { type Moderation, moderations, type SectionProps } from './output-form-values';

/** Comments (enable, expiration, moderation) and who may watch (limit, whitelist, passwords). */
export function CommentsSection({ values, set }: SectionProps) {
  const { t } = useTranslation('outputs');
  return (
    <>
      <SwitchField
        className="full"
        label={t('fields.commentsEnabled')}
        help={t('form.commentsHelp')}
        checked={values.commentsEnabled}
        onChange={(checked) => set('commentsEnabled', checked)}
      />
      <TextField
        select
        label={t('fields.expiration')}
        value={values.commentExpirationHours}
        onChange={(e) => set('commentExpirationHours', Number(e.target.value))}
        disabled={!values.commentsEnabled}
        helperText={t('form.expirationHelp')}
      >
        {RETENTION_HOURS.map((hours) => (
          <MenuItem key={hours} value={hours}>
            {t(`expiration.h${hours}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('fields.moderation')}
        value={values.moderation}
        onChange={(e) => set('moderation', e.target.value as Moderation)}
        disabled={!values.commentsEnabled}
        helperText={t(`moderationHelp.${values.moderation}`)}
      >
        {moderations.map((level) => (
          <MenuItem key={level} value={level}>
            {t(`moderation.${level}`)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

export function AccessSection({ values, set, err, bulk }: SectionProps & { bulk: boolean }) {
  const { t } = useTranslation('outputs');
  return (
    <>
      <SwitchField
        label={t('fields.viewerLimitEnabled')}
        checked={values.viewerLimitEnabled}
        onChange={(checked) => set('viewerLimitEnabled', checked)}
      />
      <TextField
        label={t('fields.viewerLimit')}
        value={values.viewerLimit}
        onChange={(e) => set('viewerLimit', e.target.value)}
        disabled={!values.viewerLimitEnabled}
        error={Boolean(err('viewerLimit'))}
        helperText={err('viewerLimit') ?? t('form.viewerLimitHelp')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        className="full"
        multiline
        minRows={2}
        maxRows={8}
        label={t('fields.whitelist')}
        value={values.whitelist}
        onChange={(e) => set('whitelist', e.target.value)}
        error={Boolean(err('whitelist'))}
        helperText={err('whitelist') ?? t('form.whitelistHelp')}
        placeholder={'example.com\n*.example.org'}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
      />
      {!bulk && (
        <TextField
          className="full"
          multiline
          minRows={2}
          maxRows={8}
          label={t('fields.passwords')}
          value={values.passwords}
          onChange={(e) => set('passwords', e.target.value)}
          error={Boolean(err('passwords'))}
          helperText={err('passwords') ?? t('form.passwordsHelp')}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', autoComplete: 'off' } }}
        />
      )}
    </>
  );
}

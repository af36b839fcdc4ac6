import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { postVisibilities } from '@stromwerk/contracts/social-posts';
import type { Social } from '@stromwerk/contracts/socials';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { errorText, type Message } from '../../../lib/forms/messages';
import { useCreateFolder, useSocialFolders, useSocialPages } from '../api/publish';

/** What the dialog keeps per chosen connection, as typed. */
export interface DestinationValues {
  title: string;
  description: string;
  tags: string;
  categoryId: string;
  visibility: string;
  folder: string;
  pageId: string;
}
export type DestinationField = keyof DestinationValues;
export const emptyDestination: DestinationValues = {
  title: '',
  description: '',
  tags: '',
  categoryId: '',
  visibility: 'private',
  folder: '',
  pageId: '',
};

/** The fields each network uses (the server ignores the others). */
const FIELDS: Record<string, readonly DestinationField[]> = {
  youtube: ['title', 'description', 'tags', 'categoryId', 'visibility'],
  'google-drive': ['title', 'description', 'folder'],
  ftp: ['title', 'folder'],
  // X: one text (the post's), sent as the description.
  twitter: ['description'],
  facebook: ['pageId', 'title', 'description', 'visibility'],
};

/** Where a network names a field its own way: X's description is the post's text. */
const LABEL: Record<string, Partial<Record<DestinationField, string>>> = {
  twitter: { description: 'postText' },
};

/**
 * The fields of one destination: YouTube's video details, a Drive or FTP folder, X's text, a Facebook
 * page's video (the page chosen from the connection's pages).
 */
export function PublishDestination({
  social,
  values,
  errors,
  onChange,
}: {
  social: Pick<Social, 'id' | 'network'>;
  values: DestinationValues;
  errors: Partial<Record<DestinationField, string | Message>>;
  onChange: (field: DestinationField, value: string) => void;
}) {
  const { t } = useTranslation('medias');
  const fields = FIELDS[social.network] ?? [];
  const prefix = `publish-${social.id}`;
  const named = (field: DestinationField) => LABEL[social.network]?.[field] ?? field;
  const text = (field: DestinationField, extra: object = {}) => ({
    id: `${prefix}-${field}`,
    label: t(`publish.fields.${named(field)}`),
    value: values[field],
    onChange: (e: { target: { value: string } }) => onChange(field, e.target.value),
    error: Boolean(errors[field]),
    helperText: errors[field]
      ? errorText(t, errors[field]!)
      : t(`publish.help.${named(field)}`, { defaultValue: '' }),
    size: 'small' as const,
    fullWidth: true,
    ...extra,
  });
  return (
    <Box sx={{ display: 'grid', gap: 1.5, pl: { xs: 1, sm: 4 }, pb: 1 }}>
      {fields.includes('pageId') && (
        <PageField socialId={social.id} field={text('pageId', { required: true })} />
      )}
      {fields.includes('title') && <TextField {...text('title')} />}
      {fields.includes('description') && (
        <TextField {...text('description', { multiline: true, minRows: 2 })} />
      )}
      {fields.includes('tags') && <TextField {...text('tags')} />}
      {(fields.includes('categoryId') || fields.includes('visibility')) && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
          {fields.includes('categoryId') && (
            <TextField {...text('categoryId', { inputProps: { inputMode: 'numeric' } })} />
          )}
          <TextField
            {...text('visibility', { select: true })}
            helperText={social.network === 'facebook' ? t('publish.help.facebookVisibility') : undefined}
          >
            {postVisibilities.map((v) => (
              <MenuItem key={v} value={v}>
                {t(`publish.visibility.${v}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      )}
      {fields.includes('folder') && (
        <FolderField
          socialId={social.id}
          id={`${prefix}-folder`}
          value={values.folder}
          error={errors.folder ? errorText(t, errors.folder) : undefined}
          onChange={(v) => onChange('folder', v)}
        />
      )}
    </Box>
  );
}

/**
 * The Facebook page to post to, chosen from the connection's pages; typed by its id only when the list
 * cannot be read (the network refused or is unreachable).
 */
function PageField({ socialId, field }: { socialId: string; field: TextFieldProps }) {
  const { t } = useTranslation('medias');
  const pages = useSocialPages(socialId, true);
  if (pages.isError)
    return (
      <TextField
        {...field}
        helperText={field.error ? field.helperText : t('publish.help.pageIdTyped')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    );
  return (
    <TextField
      {...field}
      select
      label={t('publish.fields.page')}
      helperText={field.error ? field.helperText : undefined}
      disabled={pages.isPending}
    >
      {(pages.data?.items ?? []).map((page) => (
        <MenuItem key={page.id} value={page.id}>
          {page.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A folder of the connection (listed by the server), or a new one made here. */
function FolderField({
  socialId,
  id,
  value,
  error,
  onChange,
}: {
  socialId: string;
  id: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('medias');
  const folders = useSocialFolders(socialId, true);
  const create = useCreateFolder(socialId);
  const [naming, setNaming] = useState<string | null>(null);
  const items = folders.data?.items ?? [];
  const known = value === '' || items.some((f) => f.id === value);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        select
        id={id}
        size="small"
        label={t('publish.fields.folder')}
        value={known ? value : ''}
        onChange={(e) => onChange(e.target.value)}
        error={Boolean(error) || folders.isError}
        helperText={error ?? (folders.isLoading ? t('publish.foldersLoading') : undefined)}
        // The top folder is a choice too: shown, not a blank field.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('publish.topFolder')}</MenuItem>
        {items.map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {f.id.includes('/') ? f.id : f.name}
          </MenuItem>
        ))}
      </TextField>
      <ErrorAlert error={folders.error ?? create.error} />
      {naming === null ? (
        <Button
          size="small"
          startIcon={<CreateNewFolderOutlined />}
          onClick={() => setNaming('')}
          sx={{ justifySelf: 'start' }}
        >
          {t('publish.newFolder')}
        </Button>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            id={`${id}-new`}
            label={t('publish.newFolderName')}
            value={naming}
            onChange={(e) => setNaming(e.target.value)}
            sx={{ flex: 1 }}
          />
          <Button
            variant="outlined"
            loading={create.isPending}
            disabled={!naming.trim()}
            onClick={() =>
              create.mutate(
                { name: naming.trim() },
                {
                  onSuccess: (folder) => {
                    onChange(folder.id);
                    setNaming(null);
                  },
                },
              )
            }
          >
            {t('publish.createFolder')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

import ArrowBack from '@mui/icons-material/ArrowBack';
import SettingsInputAntenna from '@mui/icons-material/SettingsInputAntenna';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useSources } from '../../../lib/queries/sources';
import { useActiveContext } from '../../../lib/use-active-context';
import { Studio } from './studio';

/**
 * `/{corporation}/{workspace}/sources/{id}/studio` (issue 35): go live from the browser with a WHIP
 * source. The source comes from the workspace's list, which the live updates keep fresh, so its state
 * here follows the server as on the sources page.
 */
export function SourceStudioPage() {
  const { t } = useTranslation('sources');
  const { sourceId = '' } = useParams();
  const { workspace, params } = useActiveContext();
  const sources = useSources(params.workspaceId);
  const source = sources.data?.find((s) => s.id === sourceId);
  const back = (
    <Button
      component={RouterLink}
      to={`/${params.corporationId}/${params.workspaceId}/sources`}
      startIcon={<ArrowBack />}
    >
      {t('studio.back')}
    </Button>
  );

  if (!source)
    return (
      <Page title={t('studio.titlePlain')} subtitle={workspace?.name} actions={back}>
        {sources.isPending ? (
          <CircularProgress aria-label={t('studio.loading')} />
        ) : sources.error ? (
          <ErrorAlert error={sources.error} />
        ) : (
          <EmptyState icon={<SettingsInputAntenna />} title={t('studio.notFound')} action={back} />
        )}
      </Page>
    );

  return (
    <Page title={t('studio.title', { name: source.name })} subtitle={workspace?.name} actions={back}>
      {source.type === 'whip' ? (
        <Studio source={source} />
      ) : (
        <Alert severity="info">
          {t('studio.notWhip', { name: source.name, type: t(`type.${source.type}`) })}
        </Alert>
      )}
    </Page>
  );
}

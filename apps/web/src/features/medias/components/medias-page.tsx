import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { useFormat } from '../../../lib/format';
import { useActiveContext } from '../../../lib/use-active-context';
import { useAvailableFeatures } from '../../../lib/use-available-features';
import { isActiveJob, useJobs } from '../api/list-jobs';
import { useUploads } from '../hooks/use-uploads';
import { JobsPanel } from './jobs-panel';
import { LibraryPanel } from './library-panel';
import { UploadButton } from './upload-button';

type PanelName = 'library' | 'jobs';

/** Spec section 2 "Media Management": the workspace's media library and the jobs working on it. */
export function MediasPage() {
  const { t } = useTranslation('medias');
  const format = useFormat();
  const { workspace, params } = useActiveContext();
  const features = useAvailableFeatures();
  const workspaceId = params.workspaceId ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const panel: PanelName = searchParams.get('tab') === 'jobs' ? 'jobs' : 'library';
  const uploads = useUploads(workspaceId);
  const jobs = useJobs(workspaceId || undefined);
  const activeJobs = jobs.items.filter(isActiveJob).length;

  // Leaving the app would cut the uploads off; the browser asks first.
  useEffect(() => {
    if (!uploads.active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploads.active]);

  if (!features.has('media')) {
    return (
      <Page title={t('title')} subtitle={workspace?.name}>
        <EmptyState icon={<LockOutlined />} title={t('notAvailable')} />
      </Page>
    );
  }

  const show = (next: PanelName) =>
    setSearchParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'jobs') updated.set('tab', 'jobs');
        else updated.delete('tab');
        return updated;
      },
      { replace: true },
    );

  return (
    <Page
      title={t('title')}
      subtitle={workspace?.name}
      maxWidth={1280}
      actions={<UploadButton label={t('upload.button')} onFiles={uploads.add} />}
    >
      <Tabs
        value={panel}
        onChange={(_event, next: PanelName) => show(next)}
        aria-label={t('tabs.label')}
        sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="library" label={t('tabs.library')} id="media-tab-library" aria-controls="media-panel" />
        <Tab
          value="jobs"
          id="media-tab-jobs"
          aria-controls="media-panel"
          label={
            activeJobs > 0
              ? t('tabs.jobsActive', { count: activeJobs, number: format.number(activeJobs) })
              : t('tabs.jobs')
          }
        />
      </Tabs>
      <Box role="tabpanel" id="media-panel" aria-labelledby={`media-tab-${panel}`}>
        {panel === 'library' ? (
          <LibraryPanel workspaceId={workspaceId} uploads={uploads} onShowJobs={() => show('jobs')} />
        ) : (
          <JobsPanel jobs={jobs} />
        )}
      </Box>
    </Page>
  );
}

import WorkHistoryOutlined from '@mui/icons-material/WorkHistoryOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import type { useJobs } from '../api/list-jobs';
import { JobRow } from './job-row';

/** The workspace's jobs, newest first, with live progress. */
export function JobsPanel({ jobs }: { jobs: ReturnType<typeof useJobs> }) {
  const { t } = useTranslation('medias');
  return (
    <>
      <ErrorAlert error={jobs.error} />
      {jobs.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={t('jobs.loading')} />
        </Box>
      ) : jobs.items.length === 0 && !jobs.error ? (
        <Card>
          <EmptyState
            icon={<WorkHistoryOutlined />}
            title={t('jobs.emptyTitle')}
            text={t('jobs.emptyText')}
          />
        </Card>
      ) : (
        <>
          <Box
            component="ul"
            aria-label={t('jobs.listLabel')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
          >
            {jobs.items.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </Box>
          {jobs.hasNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
              <Button
                variant="outlined"
                onClick={() => jobs.fetchNextPage()}
                loading={jobs.isFetchingNextPage}
              >
                {t('showMore')}
              </Button>
            </Box>
          )}
        </>
      )}
    </>
  );
}

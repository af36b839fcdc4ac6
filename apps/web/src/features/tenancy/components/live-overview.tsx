import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { formatRelative } from '../../../lib/format-stream';
import { useSources } from '../../../lib/queries/sources';
import { useAvailableFeatures } from '../../../lib/use-available-features';
import { useNow } from '../../../lib/use-now';
import { isActiveJob, useJobs } from '../../medias/api/list-jobs';
import { mediasQueryOptions } from '../../medias/api/list-medias';
import { outputsQueryOptions } from '../../outputs/api/list-outputs';
import { targetsQueryOptions } from '../../targets/api/list-targets';

const SHOWN = 5;

/**
 * The workspace home's live overview (issue 13.10): what is live now, which targets fail, the latest
 * recordings and the jobs at work, each linking to its area. The lists follow live updates (MQTT) like
 * the areas themselves, since they share their queries.
 */
export function LiveOverview({ workspaceId, base }: { workspaceId: string; base: string }) {
  const { t, i18n } = useTranslation('tenancy');
  const features = useAvailableFeatures();
  const now = useNow(5000);
  const format = useFormat();
  const sources = useSources(features.has('sources') ? workspaceId : undefined);
  const outputs = useQuery({ ...outputsQueryOptions(workspaceId), enabled: features.has('outputs') });
  const targets = useQuery({ ...targetsQueryOptions(workspaceId), enabled: features.has('targets') });
  const recordings = useInfiniteQuery({
    ...mediasQueryOptions(workspaceId, { origin: 'recording', search: '', sort: 'newest' }),
    enabled: features.has('media'),
  });
  const jobs = useJobs(features.has('media') ? workspaceId : undefined);

  const live = [
    ...(sources.data ?? [])
      .filter((s) => s.state === 'live')
      .map((s) => ({
        id: s.id,
        text: t('overview.liveSource', {
          name: s.name,
          since: s.streamStart ? formatRelative(s.streamStart, now, i18n.language) : '',
        }),
      })),
    ...(outputs.data ?? [])
      .filter((o) => o.input !== 'offline')
      .map((o) => ({
        id: o.id,
        text: t('overview.livePlayer', { name: o.name, input: t(`overview.input.${o.input}`) }),
      })),
  ];
  const failing = (targets.data ?? [])
    .filter((target) => target.enabled && (target.state === 'not-connected' || target.lastError))
    .map((target) => ({ id: target.id, text: target.name }));
  const latest = (recordings.data?.pages[0]?.items ?? []).map((m) => ({
    id: m.id,
    text: t('overview.recording', { name: m.name, when: format.dateTime(m.createdAt) }),
  }));
  const working = jobs.items.filter(isActiveJob).map((job) => ({
    id: job.id,
    text: t('overview.job', { type: t(`overview.jobType.${job.type}`), progress: Math.round(job.progress) }),
  }));

  return (
    <Box
      component="section"
      aria-labelledby="overview-title"
      sx={{
        mb: 4,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
      }}
    >
      <Typography id="overview-title" variant="h2" sx={{ fontSize: '1.15rem', gridColumn: '1 / -1' }}>
        {t('overview.title')}
      </Typography>
      {features.has('sources') && (
        <OverviewCard
          title={t('overview.liveNow')}
          href={`${base}/sources`}
          items={live}
          empty={t('overview.nothingLive')}
        />
      )}
      {features.has('targets') && (
        <OverviewCard
          title={t('overview.failingTargets')}
          href={`${base}/targets`}
          items={failing}
          empty={t('overview.noFailures')}
          tone="error"
        />
      )}
      {features.has('media') && (
        <OverviewCard
          title={t('overview.recordings')}
          href={`${base}/media`}
          items={latest}
          empty={t('overview.noRecordings')}
        />
      )}
      {features.has('media') && (
        <OverviewCard
          title={t('overview.jobs')}
          href={`${base}/media`}
          items={working}
          empty={t('overview.noJobs')}
        />
      )}
    </Box>
  );
}

function OverviewCard({
  title,
  href,
  items,
  empty,
  tone,
}: {
  title: string;
  href: string;
  items: { id: string; text: ReactNode }[];
  empty: string;
  tone?: 'error';
}) {
  const { t } = useTranslation('tenancy');
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
        <Typography id={titleId} component="h3" sx={{ fontWeight: 600 }}>
          {title}
          {items.length > 0 && ` (${items.length})`}
        </Typography>
        <Link href={href} variant="body2" aria-label={t('overview.open', { area: title })}>
          {t('overview.openShort')}
        </Link>
      </Box>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {items.slice(0, SHOWN).map((item) => (
            <Typography
              component="li"
              variant="body2"
              key={item.id}
              color={tone === 'error' ? 'error' : undefined}
            >
              {item.text}
            </Typography>
          ))}
        </Box>
      )}
    </Card>
  );
}

import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BlockedChip } from '../../../components/blocked-chip';
import type { CorporationData, WorkspaceData } from '../../../lib/types';
import { WorkspaceGrid } from './workspace-grid';

/** One corporation's workspaces on the home page, headed by a link to the corporation. */
export function CorporationWorkspaces({
  corporation,
  workspaces,
}: {
  corporation: CorporationData;
  workspaces: WorkspaceData[];
}) {
  const { t } = useTranslation('tenancy');
  const headingId = `corporation-${corporation.id}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography
          id={headingId}
          variant="h2"
          sx={{ fontSize: '1.15rem', display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
        >
          <BusinessOutlined color="primary" aria-hidden="true" />
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {corporation.name}
          </Box>
          {corporation.blocked && <BlockedChip />}
        </Typography>
        <Link href={`/${corporation.id}`} variant="body2" aria-describedby={headingId} sx={{ flexShrink: 0 }}>
          {t('selection.manageCorporation')}
        </Link>
      </Box>
      {workspaces.length ? (
        <WorkspaceGrid workspaces={workspaces} />
      ) : (
        <Typography color="text.secondary">
          {t('switcher.noWorkspaces')}{' '}
          <Link href={`/add-workspace?corporation=${corporation.id}`}>{t('switcher.createHere')}</Link>
        </Typography>
      )}
    </Box>
  );
}

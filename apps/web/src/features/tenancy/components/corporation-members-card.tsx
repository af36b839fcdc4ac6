import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { SectionCard } from '../../../components/section-card';
import { useCorporationMembers } from '../api/list-corporation-members';

/** Who belongs to the corporation and with which permission (the highest one shown). */
export function CorporationMembersCard({ corporationId }: { corporationId: string }) {
  const { t } = useTranslation('tenancy');
  const members = useCorporationMembers(corporationId);

  return (
    <SectionCard title={t('corporation.members')} description={t('corporation.membersText')}>
      {members.isPending && (
        <Box sx={{ py: 2 }}>
          <CircularProgress size={24} aria-label={t('common:app.loading')} />
        </Box>
      )}
      <ErrorAlert error={members.error} />
      {members.data?.length === 0 && (
        <Typography color="text.secondary">{t('corporation.noMembers')}</Typography>
      )}
      {members.data && members.data.length > 0 && (
        <List disablePadding aria-label={t('corporation.members')}>
          {members.data.map((member) => {
            const level = member.permissions.includes('admin')
              ? 'admin'
              : member.permissions.includes('write')
                ? 'write'
                : 'read';
            return (
              <ListItem key={member.userId} divider sx={{ px: 0, gap: 2 }}>
                <ListItemText primary={member.name} secondary={member.email} />
                <Chip
                  label={t(`permissions.${level}`)}
                  size="small"
                  color={level === 'admin' ? 'primary' : 'default'}
                  variant={level === 'admin' ? 'filled' : 'outlined'}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </SectionCard>
  );
}

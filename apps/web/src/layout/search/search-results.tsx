import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SearchProvider, SearchResult } from '../../lib/search';

export function SearchResults({
  groups,
  onNavigate,
}: {
  groups: { provider: SearchProvider; results: SearchResult[] }[];
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {groups.map(({ provider, results }) => {
        const Icon = provider.icon;
        const headingId = `search-group-${provider.id}`;
        return (
          <Box component="section" key={provider.id} aria-labelledby={headingId} sx={{ px: 1.5, pt: 1 }}>
            <Typography
              id={headingId}
              variant="overline"
              component="h3"
              sx={{ px: 1.5, color: 'text.secondary', display: 'block' }}
            >
              {t(provider.titleKey)}
            </Typography>
            <List dense disablePadding>
              {results.map((result) => (
                <li key={result.id}>
                  <ListItemButton href={result.to} onClick={onNavigate}>
                    <ListItemIcon>
                      <Icon />
                    </ListItemIcon>
                    <ListItemText primary={result.primary} secondary={result.secondary} />
                  </ListItemButton>
                </li>
              ))}
            </List>
          </Box>
        );
      })}
    </>
  );
}

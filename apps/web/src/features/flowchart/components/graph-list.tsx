import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { GraphEdge, GraphNode } from '@stromwerk/contracts/graph';
import { graphNodeKinds } from '@stromwerk/contracts/graph-state';
import { useTranslation } from 'react-i18next';
import { useGraphDerived } from '../model/graph-store';
import { useGraphStore } from './graph-context';
import { detailText, stateText } from './node-text';

/**
 * The compact layout's chart (below 600 px) and a plain reading of it: the same nodes by kind, each with
 * its state and what feeds it, from the same live store.
 */
export function GraphList({
  edges,
  hidden,
  onOpen,
}: {
  edges: readonly GraphEdge[];
  hidden: ReadonlySet<string>;
  onOpen: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('flowchart');
  const store = useGraphStore();
  // Re-render on any change: the list is short on a phone.
  useGraphDerived(store, (s) => String(s.version));
  const nodes = store.all().filter((n) => !hidden.has(n.id));
  const fedBy = (n: GraphNode) =>
    edges
      .filter((e) => e.to === n.id && e.role !== 'record')
      .map((e) => `${store.get(e.from)?.label ?? ''} (${t(`role.${e.role}`)})`);
  return (
    <Box component="nav" aria-label={t('list.label')}>
      {graphNodeKinds.map((kind) => {
        const ofKind = nodes.filter((n) => n.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <Box key={kind}>
            <Typography
              id={`fc-list-${kind}`}
              variant="h2"
              sx={{ fontSize: '0.95rem', fontWeight: 600, px: 2, pt: 1 }}
            >
              {t(`kindTitle.${kind}`)}
            </Typography>
            <List dense aria-labelledby={`fc-list-${kind}`}>
              {ofKind.map((n) => {
                const feeds = fedBy(n);
                const detail = detailText(t, n, i18n.language);
                return (
                  <ListItem key={n.id} disablePadding>
                    <ListItemButton onClick={() => onOpen(n.id)} data-state={n.state}>
                      <ListItemText
                        primary={`${n.label}: ${stateText(t, n)}`}
                        secondary={[
                          detail,
                          kind === 'source'
                            ? ''
                            : feeds.length
                              ? t('fedBy', { names: feeds.join(', ') })
                              : t('notFed'),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          </Box>
        );
      })}
    </Box>
  );
}

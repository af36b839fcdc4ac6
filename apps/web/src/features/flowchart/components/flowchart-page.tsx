import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { GraphEdge } from '@stromwerk/contracts/graph';
import { GRAPH_MAX_PER_KIND } from '@stromwerk/contracts/graph-state';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useLayoutClass } from '../../../layout/use-layout-class';
import { useMe } from '../../../lib/queries/me';
import { useActiveContext } from '../../../lib/use-active-context';
import { useAvailableFeatures } from '../../../lib/use-available-features';
import { useGraph } from '../api/get-graph';
import { type Rewire, useRewire } from '../api/rewire';
import { blastRadius } from '../model/blast-radius';
import { rewireFor, unbindFor } from '../model/connect';
import { useGraphDerived } from '../model/graph-store';
import { useLiveGraph } from '../model/use-live-graph';
import { useProblemAnnouncer } from '../model/use-problem-announcer';
import { FlowchartToolbar } from './flowchart-toolbar';
import { flowchartVars } from './flowchart-vars';
import { GraphStoreContext } from './graph-context';
import { GraphList } from './graph-list';
import { NodeSheet } from './node-sheet';
import { nodeIsProblem } from './node-text';

const FlowView = lazy(() => import('./flow-view').then((m) => ({ default: m.FlowView })));

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Spec section 2 "Flowchart" (issue 16): the workspace's wiring as a live graph that can be rewired. */
export function FlowchartPage() {
  const { t } = useTranslation('flowchart');
  const theme = useTheme();
  const { workspace, params } = useActiveContext();
  const features = useAvailableFeatures();
  const compact = useLayoutClass() === 'compact';
  const userId = useMe()?.id ?? 'anonymous';
  const workspaceId = params.workspaceId ?? '';
  const query = useGraph(workspaceId || undefined);
  const graph = query.data;
  const store = useLiveGraph(graph);
  const rewire = useRewire(workspaceId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [sheetId, setSheetId] = useState<string | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [showRecordings, setShowRecordings] = useState(true);
  const [unbinding, setUnbinding] = useState<GraphEdge | null>(null);
  const structure = useMemo(() => ({ nodes: graph?.nodes ?? [], edges: graph?.edges ?? [] }), [graph]);
  const resetRef = useRef<(() => void) | null>(null);

  const problemKey = useGraphDerived(store, (s) =>
    s
      .all()
      .filter(nodeIsProblem)
      .map((n) => n.id)
      .join(','),
  );
  const announcement = useProblemAnnouncer(store, problemKey, ({ failed, recovered }) =>
    [
      failed.length ? t('announce.failed', { names: failed.join(', ') }) : '',
      recovered.length ? t('announce.recovered', { names: recovered.join(', ') }) : '',
    ]
      .filter(Boolean)
      .join(' '),
  );
  const recordings = useMemo(
    () => new Set(structure.edges.filter((e) => e.role === 'record').map((e) => e.to)),
    [structure],
  );
  const hidden = useMemo(() => {
    const out = new Set<string>(showRecordings ? [] : recordings);
    if (!onlyProblems) return out;
    // A problem keeps what feeds it in view, so the failing chain reads as a chain.
    const keep = new Set(problemKey ? problemKey.split(',') : []);
    for (const e of structure.edges) if (keep.has(e.to) && e.role !== 'record') keep.add(e.from);
    for (const n of structure.nodes) if (!keep.has(n.id)) out.add(n.id);
    return out;
  }, [onlyProblems, problemKey, structure, showRecordings, recordings]);

  const selected = selectedId ? store.get(selectedId) : undefined;
  const blast = useMemo(
    () =>
      selectedId && selected?.kind === 'source'
        ? blastRadius(selectedId, structure.edges, (id) => store.get(id)?.kind)
        : null,
    [selectedId, selected?.kind, structure, store],
  );
  const blastText =
    blast && selected
      ? t('blast', {
          name: selected.label,
          players: t('players', { count: blast.outputs }),
          targets: t('targets', { count: blast.targets }),
        })
      : null;

  // React Flow reports the same selection again when its nodes are rebuilt: only a new one opens the sheet.
  const selectedRef = useRef<string | null>(null);
  const select = useCallback((id: string | null) => {
    if (id && id !== selectedRef.current) setSheetId(id);
    selectedRef.current = id;
    setSelectedId(id);
  }, []);
  const nodeOf = useCallback((id: string) => store.get(id), [store]);
  const send = (change: Rewire) => rewire.mutate(change);
  const confirmUnbind = () => {
    const change = unbinding && unbindFor(unbinding, nodeOf);
    if (change) rewire.mutate(change, { onSuccess: () => setUnbinding(null) });
  };

  if (!features.has('flowchart'))
    return (
      <Page title={t('title')} subtitle={workspace?.name}>
        <EmptyState icon={<LockOutlined />} title={t('notAvailable')} />
      </Page>
    );
  const canWrite = graph?.canWrite ?? false;
  const basePath = `/${params.corporationId}/${workspaceId}`;
  return (
    <Page title={t('title')} subtitle={workspace?.name} maxWidth={1600}>
      <GraphStoreContext.Provider value={store}>
        <Box className="fc-root" sx={flowchartVars(theme)}>
          <Box aria-live="polite" data-testid="flowchart-announcer" sx={visuallyHidden}>
            {announcement}
          </Box>
          <ErrorAlert error={query.error} />
          {graph?.truncated && (
            <Typography color="warning.main">{t('truncated', { count: GRAPH_MAX_PER_KIND })}</Typography>
          )}
          {query.isPending && workspaceId ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label={t('loading')} />
            </Box>
          ) : graph && graph.nodes.length === 0 ? (
            <EmptyState title={t('emptyTitle')} text={t('emptyText')} />
          ) : graph ? (
            <>
              <FlowchartToolbar
                onlyProblems={onlyProblems}
                onOnlyProblems={setOnlyProblems}
                recordings={recordings.size > 0 ? showRecordings : undefined}
                onRecordings={setShowRecordings}
                onResetLayout={compact ? undefined : () => resetRef.current?.()}
                blast={blastText}
                noProblems={!problemKey}
              />
              {!compact && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {canWrite ? t('hint') : t('readOnly')}
                </Typography>
              )}
              <ErrorAlert error={unbinding ? null : rewire.error} />
              {compact ? (
                <GraphList
                  edges={structure.edges}
                  hidden={hidden}
                  onOpen={(id) => {
                    select(id);
                    setSheetId(id);
                  }}
                />
              ) : (
                <Suspense fallback={<CircularProgress aria-label={t('loading')} />}>
                  <FlowView
                    userId={userId}
                    workspaceId={workspaceId}
                    resetRef={resetRef}
                    graph={structure}
                    canWrite={canWrite}
                    highlight={blast?.ids ?? null}
                    selectedId={selectedId}
                    hidden={hidden}
                    onSelect={select}
                    onOpen={setSheetId}
                    onConnect={(c) => {
                      const change = rewireFor(c, nodeOf);
                      if (change) send(change);
                    }}
                    isValidConnection={(c) => canWrite && rewireFor(c, nodeOf) !== null}
                    onRemoveEdge={(edge) => unbindFor(edge, nodeOf) && setUnbinding(edge)}
                  />
                </Suspense>
              )}
            </>
          ) : null}
          <NodeSheet
            id={sheetId}
            edges={structure.edges}
            basePath={basePath}
            canWrite={canWrite}
            blast={sheetId === selectedId ? blastText : null}
            pending={rewire.isPending}
            error={unbinding ? null : rewire.error}
            onRewire={send}
            onUnbind={setUnbinding}
            onClose={() => setSheetId(null)}
          />
          <ConfirmDialog
            open={unbinding !== null}
            title={t('unbind.title')}
            text={
              unbinding
                ? t('unbind.text', {
                    from: store.get(unbinding.from)?.label ?? '',
                    to: store.get(unbinding.to)?.label ?? '',
                    role: t(`role.${unbinding.role}`),
                  })
                : ''
            }
            confirmLabel={t('unbind.confirm')}
            pending={rewire.isPending}
            error={unbinding ? rewire.error : null}
            onConfirm={confirmUnbind}
            onClose={() => {
              setUnbinding(null);
              rewire.reset();
            }}
          />
        </Box>
      </GraphStoreContext.Provider>
    </Page>
  );
}

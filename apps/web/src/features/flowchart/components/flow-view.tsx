import Box from '@mui/material/Box';
import type { WorkspaceGraph } from '@stromwerk/contracts/graph';
import { usePositions } from '../model/use-positions';
import { FlowCanvas, type FlowCanvasProps } from './flow-canvas';

/**
 * The graph drawn with React Flow, laid out by dagre: its own chunk, so the compact list view and the
 * route's first load do not wait for either library.
 */
export function FlowView({
  userId,
  workspaceId,
  graph,
  ...props
}: Omit<FlowCanvasProps, 'positions' | 'onMoved'> & {
  userId: string;
  workspaceId: string;
  graph: Pick<WorkspaceGraph, 'nodes' | 'edges'>;
  resetRef: { current: (() => void) | null };
}) {
  const { positions, moved, reset } = usePositions(userId, workspaceId, graph);
  props.resetRef.current = reset;
  return (
    <Box
      data-testid="flowchart-canvas"
      sx={{ height: 'max(420px, calc(100vh - 300px))', border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <FlowCanvas graph={graph} positions={positions} onMoved={moved} {...props} />
    </Box>
  );
}

import '@xyflow/react/dist/base.css';
import './flowchart.css';
import type { GraphEdge, WorkspaceGraph } from '@stromwerk/contracts/graph';
import {
  type AriaLabelConfig,
  Background,
  type Connection,
  Controls,
  type Edge,
  MiniMap,
  type Node,
  type OnBeforeDelete,
  ReactFlow,
  useEdgesState,
  useNodesState,
} from '@xyflow/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGraphDerived } from '../model/graph-store';
import type { Point } from '../model/layout';
import { NODE_HEIGHT, NODE_WIDTH } from '../model/layout';
import { EntityNode } from './entity-node';
import { ExportImage } from './export-image';
import { FlowEdge } from './flow-edge';
import { useGraphStore } from './graph-context';
import { toneOf } from './node-text';

// Outside any component: new objects on each render make React Flow re-render every node (xyflow#4983).
const nodeTypes = { entity: EntityNode };
const edgeTypes = { flow: FlowEdge };
const handleOf: Record<GraphEdge['role'], string> = {
  main: 'main',
  backup: 'backup',
  fallback: 'fallback',
  feed: 'in',
  record: 'in',
};

export interface FlowCanvasProps {
  graph: Pick<WorkspaceGraph, 'nodes' | 'edges'>;
  positions: ReadonlyMap<string, Point>;
  canWrite: boolean;
  /** Nodes downstream of the selection (blast radius); the others are dimmed while it is set. */
  highlight: ReadonlySet<string> | null;
  selectedId: string | null;
  hidden: ReadonlySet<string>;
  onSelect: (id: string | null) => void;
  /** A click on a node, selected or not, opens its sheet. */
  onOpen: (id: string) => void;
  onConnect: (c: Connection) => void;
  isValidConnection: (c: Connection | Edge) => boolean;
  onRemoveEdge: (edge: GraphEdge) => void;
  onMoved: (id: string, position: Point) => void;
}

export function FlowCanvas(props: FlowCanvasProps) {
  const { graph, positions, canWrite, highlight, selectedId, hidden, onSelect, onRemoveEdge, onMoved } =
    props;
  const { t } = useTranslation('flowchart');
  const store = useGraphStore();
  const [nodes, setNodes, onNodesChange] = useNodesState<Node>([]);
  useEffect(() => {
    setNodes(
      graph.nodes.map((n) => ({
        id: n.id,
        type: 'entity',
        position: positions.get(n.id) ?? { x: 0, y: 0 },
        data: {},
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        deletable: false,
        connectable: canWrite,
        selected: n.id === selectedId,
        hidden: hidden.has(n.id),
        className: highlight
          ? n.id === selectedId || highlight.has(n.id)
            ? 'fc-downstream'
            : 'fc-dimmed'
          : '',
      })),
    );
  }, [graph, positions, canWrite, highlight, selectedId, hidden, setNodes]);
  // Edges are state too: React Flow keeps an edge's selection (for Delete) only through onEdgesChange.
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>([]);
  useEffect(() => {
    setEdges((prev) => {
      const selected = new Set(prev.filter((e) => e.selected).map((e) => e.id));
      return graph.edges.map((e) => ({
        id: e.id,
        source: e.from,
        target: e.to,
        sourceHandle: 'out',
        targetHandle: handleOf[e.role],
        type: 'flow',
        data: { role: e.role },
        deletable: canWrite && e.role !== 'record',
        hidden: hidden.has(e.from) || hidden.has(e.to),
        selected: selected.has(e.id),
      }));
    });
  }, [graph, canWrite, hidden, setEdges]);
  const onBeforeDelete = useCallback<OnBeforeDelete>(
    async ({ edges: gone }) => {
      const edge = gone.length === 1 ? graph.edges.find((e) => e.id === gone[0]!.id) : undefined;
      if (edge) onRemoveEdge(edge);
      // The API call removes it (after the confirmation); the refetch then redraws.
      return false;
    },
    [graph, onRemoveEdge],
  );
  const ariaLabelConfig = useMemo<Partial<AriaLabelConfig>>(
    () => ({
      'node.a11yDescription.default': t('a11y.nodeHelp'),
      'node.a11yDescription.keyboardDisabled': t('a11y.nodeHelp'),
      'node.a11yDescription.ariaLiveMessage': ({ direction }) => t('a11y.moved', { direction }),
      'edge.a11yDescription.default': t('a11y.edgeHelp'),
      'controls.ariaLabel': t('a11y.controls'),
      'controls.zoomIn.ariaLabel': t('a11y.zoomIn'),
      'controls.zoomOut.ariaLabel': t('a11y.zoomOut'),
      'controls.fitView.ariaLabel': t('a11y.fitView'),
      'controls.interactive.ariaLabel': t('a11y.interactive'),
      'minimap.ariaLabel': t('a11y.minimap'),
      'handle.ariaLabel': t('a11y.handle'),
    }),
    [t],
  );
  // The minimap draws from React Flow's nodes, which carry no state: it redraws when a tone changes.
  const tones = useGraphDerived(store, (s) =>
    s
      .all()
      .map((n) => toneOf(n)[0])
      .join(''),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tones` stands for the store's states
  const minimapColor = useCallback(
    (n: Node) => {
      const node = store.get(n.id);
      return `var(--fc-${node ? toneOf(node) : 'idle'})`;
    },
    [store, tones],
  );
  return (
    <ReactFlow
      aria-label={t('canvasLabel')}
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onNodeDragStop={(_e, node) => onMoved(node.id, node.position)}
      onSelectionChange={({ nodes: chosen }) => onSelect(chosen.length === 1 ? chosen[0]!.id : null)}
      onNodeClick={(_e, node) => props.onOpen(node.id)}
      onPaneClick={() => onSelect(null)}
      onConnect={props.onConnect}
      isValidConnection={props.isValidConnection}
      onBeforeDelete={onBeforeDelete}
      deleteKeyCode={['Delete', 'Backspace']}
      nodesConnectable={canWrite}
      selectNodesOnDrag={false}
      ariaLabelConfig={ariaLabelConfig}
      minZoom={0.1}
      fitView
      fitViewOptions={{ padding: 0.15 }}
      proOptions={{ hideAttribution: false }}
    >
      <Background gap={24} />
      <Controls showInteractive={false} />
      <MiniMap pannable zoomable nodeColor={minimapColor} />
      <ExportImage />
    </ReactFlow>
  );
}

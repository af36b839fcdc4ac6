import type { GraphEdge, GraphNode } from '@stromwerk/contracts/graph';
import { useCallback, useMemo, useRef, useState } from 'react';
import { layoutGraph, type Point } from './layout';
import { clearPositions, loadPositions, savePositions } from './saved-positions';

/**
 * Where each node sits: dagre for new nodes, and what the user dragged (remembered per user and
 * workspace) or what was already on screen for the others, so a refetch never shuffles the chart.
 */
export function usePositions(
  userId: string,
  workspaceId: string,
  structure: {
    nodes: readonly Pick<GraphNode, 'id' | 'kind'>[];
    edges: readonly Pick<GraphEdge, 'from' | 'to'>[];
  },
) {
  const [dragged, setDragged] = useState(() => loadPositions(userId, workspaceId));
  const onScreen = useRef(new Map<string, Point>());
  const positions = useMemo(() => {
    const laid = layoutGraph(structure.nodes, structure.edges, new Map([...onScreen.current, ...dragged]));
    onScreen.current = laid;
    return laid;
  }, [structure, dragged]);
  const moved = useCallback(
    (id: string, position: Point) => {
      onScreen.current.set(id, position);
      setDragged((prev) => {
        const next = new Map(prev).set(id, position);
        savePositions(userId, workspaceId, next);
        return next;
      });
    },
    [userId, workspaceId],
  );
  const reset = useCallback(() => {
    clearPositions(userId, workspaceId);
    onScreen.current = new Map();
    setDragged(new Map());
  }, [userId, workspaceId]);
  return { positions, moved, reset };
}

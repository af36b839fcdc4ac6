import type { GraphEdge } from '@stromwerk/contracts/graph';
import { edgeState } from '@stromwerk/contracts/graph-state';
import { EdgeLabelRenderer, type EdgeProps, getBezierPath } from '@xyflow/react';
import { memo, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveNode } from '../model/graph-store';
import { useGraphStore } from './graph-context';
import { bitrateText } from './node-text';

export type FlowEdgeData = { role: GraphEdge['role'] };

/**
 * A connection whose state follows its two ends from the live store (the same rule the server used):
 * animated dashes while data flows, grey when idle or on standby, red dotted when failed.
 */
export const FlowEdge = memo(function FlowEdge(props: EdgeProps) {
  const { t, i18n } = useTranslation('flowchart');
  const store = useGraphStore();
  const from = useLiveNode(store, props.source);
  const to = useLiveNode(store, props.target);
  const ref = useRef<SVGPathElement>(null);
  const role = (props.data as FlowEdgeData | undefined)?.role ?? 'feed';
  const state =
    from && to
      ? edgeState({
          role,
          from: from.state,
          to: to.state,
          fromFailed: from.kind === 'source' && from.lastError !== null,
        })
      : 'idle';
  const [path, labelX, labelY] = getBezierPath(props);
  const rate =
    state !== 'flowing'
      ? null
      : role === 'feed' && to?.kind === 'target'
        ? bitrateText(to.bitrateKbps, i18n.language)
        : from?.kind === 'source'
          ? bitrateText(from.streamInfo?.video?.bitrateKbps, i18n.language)
          : null;
  const text = [t(`role.${role}`), rate].filter(Boolean).join(' · ');
  const aria = t('edgeLabel', {
    role: t(`role.${role}`),
    from: from?.label ?? '',
    to: to?.label ?? '',
    state: t(`edgeState.${state}`),
  });
  useLayoutEffect(() => {
    ref.current?.closest('.react-flow__edge')?.setAttribute('aria-label', aria);
  }, [aria]);
  return (
    <>
      <path
        ref={ref}
        d={path}
        className={`fc-edge fc-edge--${state}${role === 'record' ? ' fc-edge--record' : ''}`}
        data-state={state}
        markerEnd={props.markerEnd}
      />
      <path
        d={path}
        fill="none"
        stroke="transparent"
        strokeWidth={20}
        className="react-flow__edge-interaction"
      />
      {role !== 'record' && (
        <EdgeLabelRenderer>
          <div
            className="fc-edge-label nodrag nopan"
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          >
            {text}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
});

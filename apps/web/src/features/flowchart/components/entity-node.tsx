import { Handle, type NodeProps, Position } from '@xyflow/react';
import { memo, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveNode } from '../model/graph-store';
import { useGraphStore } from './graph-context';
import { detailText, nodeAriaLabel, stateText, toneOf } from './node-text';
import { Sparkline } from './sparkline';

const inputHandles = { main: '28%', backup: '58%', fallback: '86%' } as const;

/**
 * One source, player, target or media. It reads its own entry of the live store, so a state change
 * re-renders this node only. React Flow's wrapper is the focusable element: its aria-label is set here
 * because the label follows the live state, which React Flow's node array does not carry.
 */
export const EntityNode = memo(function EntityNode({ id, isConnectable }: NodeProps) {
  const { t, i18n } = useTranslation('flowchart');
  const node = useLiveNode(useGraphStore(), id);
  const ref = useRef<HTMLDivElement>(null);
  const label = node ? nodeAriaLabel(t, node) : '';
  useLayoutEffect(() => {
    ref.current?.closest('.react-flow__node')?.setAttribute('aria-label', label);
  }, [label]);
  if (!node) return null;
  const tone = toneOf(node);
  return (
    <div ref={ref} className={`fc-node fc-node--${tone}`} data-state={node.state} data-kind={node.kind}>
      {node.kind === 'output' &&
        (Object.keys(inputHandles) as (keyof typeof inputHandles)[]).map((role) => (
          <Handle
            key={role}
            id={role}
            type="target"
            position={Position.Left}
            style={{ top: inputHandles[role] }}
            isConnectable={isConnectable && role !== 'fallback'}
            title={t(`role.${role}`)}
          />
        ))}
      {(node.kind === 'target' || node.kind === 'media') && (
        <Handle id="in" type="target" position={Position.Left} isConnectable={node.kind === 'target'} />
      )}
      <div className="fc-node__head">
        <span>{t(`kind.${node.kind}`)}</span>
        <span className="fc-chip">{stateText(t, node)}</span>
      </div>
      <div className="fc-node__name" title={node.label}>
        {node.label}
      </div>
      <div className="fc-node__detail">{detailText(t, node, i18n.language)}</div>
      {(node.kind === 'source' || node.kind === 'target') && (
        <Sparkline nodeId={node.id} width={160} height={18} />
      )}
      {node.kind !== 'target' && (
        <Handle id="out" type="source" position={Position.Right} isConnectable={node.kind !== 'media'} />
      )}
    </div>
  );
});

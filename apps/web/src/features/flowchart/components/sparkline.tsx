import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { sparklinePath } from '../model/stats-series';
import { useGraphStore } from './graph-context';
import { bitrateText } from './node-text';

/**
 * The last 60 s of a source's or target's bitrate as a line (issue 16), with the newest rate in words
 * for screen readers. Renders nothing until two samples arrived (nothing flows, or nobody samples).
 */
export function Sparkline({
  nodeId,
  width,
  height,
  fallback = null,
}: {
  nodeId: string;
  width: number;
  height: number;
  /** Shown until there is a line to draw. */
  fallback?: ReactNode;
}) {
  const { t, i18n } = useTranslation('flowchart');
  const series = useGraphStore().stats;
  const points = useSyncExternalStore(
    (l) => series.subscribe(nodeId, l),
    () => series.get(nodeId),
  );
  const d = sparklinePath(points, width, height);
  if (!d) return fallback;
  const latest = bitrateText(points[points.length - 1]!.kbps, i18n.language) ?? '0 Mb/s';
  return (
    <svg
      className="fc-sparkline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={t('sparkline.label', { rate: latest })}
      data-testid="sparkline"
      data-points={points.length}
    >
      {/* The window's floor, so the 60 s the line fills from the right are visible from the start. */}
      <line
        x1={0}
        x2={width}
        y1={height - 0.5}
        y2={height - 0.5}
        stroke="currentColor"
        strokeOpacity={0.25}
      />
      <path d={d} fill="none" stroke="currentColor" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

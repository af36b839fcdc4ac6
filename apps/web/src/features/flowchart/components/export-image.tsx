import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { getNodesBounds, Panel, type Rect, useReactFlow } from '@xyflow/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveContext } from '../../../lib/use-active-context';

type Kind = 'png' | 'svg';
const PADDING = 40;
/** Largest side of the image in CSS pixels; a bigger chart is scaled down to fit. */
const MAX_SIDE = 6000;
/** The PNG has two image pixels per CSS pixel, sharp on high-density screens. */
const PNG_PIXEL_RATIO = 2;

/**
 * Size and transform of the exported picture: the chart at its own size (zoom 1, as the nodes are laid
 * out, whatever the zoom on screen) with a margin, scaled down only when a side would pass `MAX_SIDE`.
 * (xyflow's getViewportForBounds reads a number padding as a fraction of the image: 40 meant 40 times.)
 */
export function exportFrame(bounds: Rect, maxSide = MAX_SIDE) {
  const fullWidth = bounds.width + 2 * PADDING;
  const fullHeight = bounds.height + 2 * PADDING;
  const zoom = Math.min(1, maxSide / Math.max(fullWidth, fullHeight));
  return {
    width: Math.ceil(fullWidth * zoom),
    height: Math.ceil(fullHeight * zoom),
    transform: `translate(${(PADDING - bounds.x) * zoom}px, ${(PADDING - bounds.y) * zoom}px) scale(${zoom})`,
  };
}

/** `flowchart-<workspace>-<yyyy-mm-dd>.<kind>`, with only safe characters from the workspace name. */
export function exportFileName(workspace: string, kind: Kind, now = new Date()): string {
  const slug =
    workspace
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'workspace';
  return `flowchart-${slug}-${now.toISOString().slice(0, 10)}.${kind}`;
}

/** Paint of the edges, which come from the stylesheet: html-to-image copies no style into SVG shapes. */
const SVG_PAINT = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-linecap', 'opacity'];

/** Writes the computed paint of every SVG shape under `root` into its style; returns the undo. */
function inlineSvgPaint(root: HTMLElement): () => void {
  const shapes = [...root.querySelectorAll<SVGElement>('svg path, svg circle, svg rect, svg polyline')];
  const before = shapes.map((shape) => shape.getAttribute('style'));
  for (const shape of shapes) {
    const computed = getComputedStyle(shape);
    for (const name of SVG_PAINT) shape.style.setProperty(name, computed.getPropertyValue(name));
    shape.style.setProperty('animation', 'none');
  }
  return () =>
    shapes.forEach((shape, i) => {
      const style = before[i];
      if (style === null || style === undefined) shape.removeAttribute('style');
      else shape.setAttribute('style', style);
    });
}

/**
 * "Export PNG" and "Export SVG": the whole chart (not only what is in view), drawn from the canvas's DOM
 * by html-to-image, which loads on the first export. Controls, minimap and this panel are left out. The SVG
 * opens at the chart's own size; the PNG has twice its pixels.
 */
export function ExportImage() {
  const { t } = useTranslation('flowchart');
  const workspaceName = useActiveContext().workspace?.name ?? '';
  const flow = useReactFlow();
  const [busy, setBusy] = useState(false);

  const exportAs = async (kind: Kind) => {
    const viewport = document.querySelector<HTMLElement>('.react-flow__viewport');
    if (!viewport) return;
    setBusy(true);
    const restore = inlineSvgPaint(viewport);
    try {
      const { width, height, transform } = exportFrame(getNodesBounds(flow.getNodes()));
      const { toPng, toSvg } = await import('html-to-image');
      const options = {
        width,
        height,
        backgroundColor: getComputedStyle(document.body).backgroundColor,
        style: { width: `${width}px`, height: `${height}px`, transform },
      };
      const url =
        kind === 'png'
          ? await toPng(viewport, { ...options, pixelRatio: PNG_PIXEL_RATIO })
          : await toSvg(viewport, options);
      const link = document.createElement('a');
      link.download = exportFileName(workspaceName, kind);
      link.href = url;
      link.click();
    } finally {
      restore();
      setBusy(false);
    }
  };

  return (
    <Panel position="top-right">
      <ButtonGroup size="small" variant="outlined" aria-label={t('export.label')} disabled={busy}>
        <Button startIcon={<Download />} onClick={() => void exportAs('png')}>
          {t('export.png')}
        </Button>
        <Button onClick={() => void exportAs('svg')}>{t('export.svg')}</Button>
      </ButtonGroup>
    </Panel>
  );
}

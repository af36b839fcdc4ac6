import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { getNodesBounds, getViewportForBounds, Panel, useReactFlow } from '@xyflow/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveContext } from '../../../lib/use-active-context';

type Kind = 'png' | 'svg';
const PADDING = 40;
/** Largest side of the image; a bigger chart is scaled down to fit. */
const MAX_SIDE = 4096;

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

/**
 * "Export PNG" and "Export SVG": the whole chart (not only what is in view), drawn from the canvas's DOM
 * by html-to-image, which loads on the first export. Controls, minimap and this panel are left out.
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
    try {
      const bounds = getNodesBounds(flow.getNodes());
      const scale = Math.min(1, MAX_SIDE / Math.max(bounds.width + 2 * PADDING, bounds.height + 2 * PADDING));
      const width = Math.ceil((bounds.width + 2 * PADDING) * scale);
      const height = Math.ceil((bounds.height + 2 * PADDING) * scale);
      const { x, y, zoom } = getViewportForBounds(bounds, width, height, 0.1, 2, PADDING * scale);
      const { toPng, toSvg } = await import('html-to-image');
      const options = {
        width,
        height,
        backgroundColor: getComputedStyle(document.body).backgroundColor,
        style: {
          width: `${width}px`,
          height: `${height}px`,
          transform: `translate(${x}px, ${y}px) scale(${zoom})`,
        },
      };
      const url = kind === 'png' ? await toPng(viewport, options) : await toSvg(viewport, options);
      const link = document.createElement('a');
      link.download = exportFileName(workspaceName, kind);
      link.href = url;
      link.click();
    } finally {
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

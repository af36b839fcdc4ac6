import type { GraphNode } from '@stromwerk/contracts/graph';
import { isProblem } from '@stromwerk/contracts/graph-state';
import type { TFunction } from 'i18next';
import { formatStreamInfo } from '../../../lib/format-stream';

// Texts come from the `t` of the caller's useTranslation('flowchart').

/** Visual tone of a node's state: the border and chip colour, and what "only problems" keeps. */
export type Tone = 'ok' | 'warn' | 'info' | 'bad' | 'idle';

export function toneOf(node: GraphNode): Tone {
  switch (node.kind) {
    case 'source':
      return node.state === 'live' ? 'ok' : node.lastError ? 'bad' : 'idle';
    case 'output':
      return node.state === 'main'
        ? 'ok'
        : node.state === 'backup'
          ? 'warn'
          : node.state === 'offline'
            ? 'idle'
            : 'info';
    case 'target':
      return node.state === 'online'
        ? 'ok'
        : node.state === 'almost-online'
          ? 'warn'
          : node.state === 'not-connected'
            ? 'bad'
            : 'idle';
    case 'media':
      return node.state === 'failed' ? 'bad' : node.state === 'processing' ? 'warn' : 'idle';
  }
}

export const nodeIsProblem = (n: GraphNode) =>
  isProblem(n.kind, n.state, n.kind === 'source' && n.lastError !== null);

export function stateText(t: TFunction<'flowchart'>, node: GraphNode): string {
  return t(`state.${node.kind}.${node.state}` as 'state.source.live');
}

/** "target YouTube: online", as screen readers announce a node (issue 16). */
export function nodeAriaLabel(t: TFunction<'flowchart'>, node: GraphNode): string {
  return t('nodeLabel', { kind: t(`kind.${node.kind}`), name: node.label, state: stateText(t, node) });
}

const kbps = (value: number | null | undefined, locale: string) =>
  value ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value / 1000)} Mb/s` : null;

export const bitrateText = kbps;

/** The one line under a node's name: stream facts, viewers and latency, retries or the last error. */
export function detailText(t: TFunction<'flowchart'>, node: GraphNode, locale: string): string {
  switch (node.kind) {
    case 'source': {
      if (node.state !== 'live') return node.lastError ?? '';
      const info = formatStreamInfo(node.streamInfo, locale);
      const rate = kbps(node.streamInfo?.video?.bitrateKbps, locale);
      return [info, rate].filter(Boolean).join(' · ');
    }
    case 'output': {
      const viewers =
        node.viewerLimit === null
          ? t('viewers', { viewers: node.viewers })
          : t('viewersOf', { viewers: node.viewers, limit: node.viewerLimit });
      return [viewers, t(`latency.${node.latency}`)].join(' · ');
    }
    case 'target': {
      if (!node.enabled) return t('disabled');
      if (node.state === 'almost-online') return t('retry', { count: node.restarts });
      if (node.state === 'not-connected') return node.lastError ?? '';
      if (node.state === 'online' && node.onlineSince) {
        const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(
          new Date(node.onlineSince),
        );
        return [t('onlineSince', { time }), kbps(node.bitrateKbps, locale)].filter(Boolean).join(' · ');
      }
      return '';
    }
    case 'media':
      return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(
        new Date(node.addedAt),
      );
  }
}

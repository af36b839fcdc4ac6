import type { ClipMode } from '@stromwerk/contracts/clips';
import type { ClipRange, ClipSource } from '../clip-range';
import { ClipModeField } from './clip-mode-field';
import { FastCutNotice } from './fast-cut-notice';

/**
 * How exact the clip is cut: the mode, and for a player's DVR the range its fast cut really covers, with
 * the exact cut one click away (issue 33 item 10).
 */
export function ClipAccuracy({
  source,
  range,
  mode,
  onMode,
  format,
}: {
  source: ClipSource;
  range: ClipRange;
  mode: ClipMode;
  onMode: (mode: ClipMode) => void;
  format: (at: number) => string;
}) {
  return (
    <>
      <ClipModeField value={mode} onChange={onMode} />
      {source.kind === 'output' && (
        <FastCutNotice
          outputId={source.id}
          live={source.live}
          range={range}
          mode={mode}
          format={format}
          onExact={() => onMode('exact')}
        />
      )}
    </>
  );
}

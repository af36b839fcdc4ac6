import { createClipBodySchema } from '@stromwerk/contracts/clips';
import { CLIP_MAX_SECONDS } from '@stromwerk/contracts/limits';
import type { Message } from '../../../lib/forms/messages';
import { schemaErrors } from '../../../lib/forms/schema-errors';
import { type ClipRange, durationOf, type Gap, gapOf } from '../clip-range';
import { type Field, fieldOf } from './clip-fields';

/**
 * What is wrong with a clip before it is sent, per field, in the editor's words: the contract's schema,
 * a range missing an end or too long, and an In or Out inside a gap of the DVR window.
 */
export function clipFormErrors(
  body: unknown,
  range: ClipRange,
  gaps: Gap[],
  formatAt: (at: number) => string,
): Partial<Record<Field, string | Message>> {
  const found = schemaErrors(createClipBodySchema, body, {
    fieldOf,
    words: (field, issue) => {
      if (field === 'in') return range.inAt === null ? 'range.inMissing' : 'range.invalid';
      if (field === 'out') {
        if (range.outAt === null && range.lastSeconds === null) return 'range.outMissing';
        return (durationOf(range) ?? 0) > CLIP_MAX_SECONDS * 1000
          ? { key: 'range.tooLong', values: { count: CLIP_MAX_SECONDS / 3600 } }
          : 'range.outBeforeIn';
      }
      if (field === 'autoDeleteAt' && issue.code === 'custom') return 'form.autoDeleteFuture';
      return undefined;
    },
  });
  const inGap = gapOf(range, gaps);
  if (inGap)
    found[inGap.field] = {
      key: 'range.inGap',
      values: { start: formatAt(inGap.gap.start), end: formatAt(inGap.gap.end) },
    };
  return found;
}

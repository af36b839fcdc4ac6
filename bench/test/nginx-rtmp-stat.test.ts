import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { streamBytesIn } from '../lib/nginx-rtmp';

// The stat page of Debian's nginx-rtmp 1.1.4 with one publisher, as bench/lib/nginx-rtmp.ts serves it.
const page = readFileSync(join(import.meta.dirname, 'fixtures', 'nginx-rtmp-stat.xml'), 'utf8');
const stream = /<stream>[\s\S]*?<\/stream>/.exec(page)![0];

describe('streamBytesIn', () => {
  it("reads each stream's own bytes, not the server's total", () => {
    expect(page).toContain('<bytes_in>766996</bytes_in>'); // the server's total, above the streams
    expect(streamBytesIn(page)).toEqual(new Map([['cap1_0', 765349]]));
  });

  it('tells several streams apart', () => {
    const second = stream.replace('<name>cap1_0</name>', '<name>cap1_1</name>').replace('765349', '12');
    const two = page.replace(stream, `${stream}\n${second}`);
    expect(streamBytesIn(two)).toEqual(
      new Map([
        ['cap1_0', 765349],
        ['cap1_1', 12],
      ]),
    );
  });

  it('has no entry for a stream whose count is missing, so a caller counts it as nothing received', () => {
    const without = page.replace('<bytes_in>765349</bytes_in>', '');
    expect(streamBytesIn(without).has('cap1_0')).toBe(false);
    expect(streamBytesIn('<rtmp></rtmp>').size).toBe(0);
  });
});

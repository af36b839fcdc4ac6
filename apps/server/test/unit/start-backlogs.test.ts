import { describe, expect, it } from 'vitest';
import { PublishBacklog } from '../../src/plugins/publish-backlog';
import { type NmsBroadcast, type NmsPacket, StartBacklogs } from '../../src/plugins/start-backlogs';

// The rule of a publish backlog, and its patch on a stand-in of node-media-server's broadcast that does
// what the library's does: every packet goes to its readers and, from a keyframe on, into the current
// picture group; a new reader is sent that group, then what comes. The real ingest with real ffmpeg
// readers: test/media/ingest-start-backlog.test.ts.
const AUDIO = 1;
const KEY = 3;
const INTER = 4;
const HEADER = 2;
const msg = (name: string) => Buffer.from(name);

describe('PublishBacklog', () => {
  const limits = { ms: 1_000, bytes: 10 };

  it('keeps frames from the first keyframe on, until its time is up; then nothing, and lets go', () => {
    const backlog = new PublishBacklog(0, limits);
    expect(backlog.add(msg('a'), false, 0)).toBe(true);
    expect(backlog.messages).toEqual([]);
    backlog.add(msg('K'), true, 10);
    backlog.add(msg('b'), false, 1_000);
    expect(backlog.messages.map(String)).toEqual(['K', 'b']);
    expect(backlog.bytes).toBe(2);
    expect(backlog.add(msg('c'), false, 1_001)).toBe(false);
    expect(backlog.over).toBe(true);
    expect(backlog.messages).toEqual([]);
    expect(backlog.bytes).toBe(0);
    expect(backlog.add(msg('K'), true, 1_001)).toBe(false);
  });

  it('ends when the next frame would pass its bytes', () => {
    const backlog = new PublishBacklog(0, limits);
    backlog.add(msg('K12345'), true, 0);
    backlog.add(msg('abcd'), false, 1);
    expect(backlog.bytes).toBe(10);
    expect(backlog.add(msg('x'), false, 2)).toBe(false);
    expect(backlog.over).toBe(true);
  });
});

/** A stand-in of the library's broadcast: readers by name, each with what it was sent. */
function broadcastStandIn() {
  const readers = new Map<string, string[]>();
  let gop: Set<Buffer> | null = null;
  const b: NmsBroadcast & { readers: typeof readers } = {
    readers,
    rtmpGopCache: null,
    broadcastMessage(packet: NmsPacket & { name: string }) {
      const m = msg(packet.name);
      if (packet.flags === KEY) gop = new Set([m]);
      else if (packet.flags === AUDIO || packet.flags === INTER) gop?.add(m);
      b.rtmpGopCache = gop;
      for (const sent of readers.values()) sent.push(packet.name);
    },
    postPlay(session) {
      const sent: string[] = [];
      b.rtmpGopCache?.forEach((m) => {
        sent.push(String(m));
      });
      readers.set(session.streamName ?? '', sent);
      return null;
    },
  };
  return b;
}

const send = (b: NmsBroadcast, ...packets: [number, string][]) => {
  for (const [flags, name] of packets) b.broadcastMessage({ flags, name } as NmsPacket);
};

describe('StartBacklogs', () => {
  const setUp = () => {
    let now = 0;
    const backlogs = new StartBacklogs({
      createMessage: (p) => msg((p as NmsPacket & { name: string }).name),
      fromStart: (name) => name.startsWith('s'),
      now: () => now,
    });
    return { backlogs, b: broadcastStandIn(), at: (t: number) => (now = t) };
  };

  it('sends the first reader from the start everything from the first keyframe, once; others the current group', () => {
    const { backlogs, b } = setUp();
    backlogs.begin(b);
    backlogs.expect(b, 1);
    send(
      b,
      [HEADER, 'h'],
      [AUDIO, 'a0'],
      [KEY, 'K1'],
      [AUDIO, 'a1'],
      [INTER, 'p1'],
      [KEY, 'K2'],
      [INTER, 'p2'],
    );
    b.postPlay({ streamName: 'r-now' });
    b.postPlay({ streamName: 's-first' });
    b.postPlay({ streamName: 's-second' });
    send(b, [INTER, 'p3']);
    expect(b.readers.get('r-now')).toEqual(['K2', 'p2', 'p3']);
    expect(b.readers.get('s-first')).toEqual(['K1', 'a1', 'p1', 'K2', 'p2', 'p3']);
    expect(b.readers.get('s-second')).toEqual(['K2', 'p2', 'p3']);
    // The library's own group is back in place for every later reader.
    b.postPlay({ streamName: 'r-later' });
    expect(b.readers.get('r-later')).toEqual(['K2', 'p2', 'p3']);
    expect(backlogs.kept).toEqual({ backlogs: 0, bytes: 0 });
  });

  it('keeps one backlog across a resumed publish, none past its time, none after the publish ended', () => {
    const { backlogs, b, at } = setUp();
    backlogs.begin(b);
    send(b, [KEY, 'K1'], [INTER, 'p1']);
    backlogs.begin(b); // the same publisher resumed within its grace
    send(b, [INTER, 'p2']);
    expect(backlogs.kept).toEqual({ backlogs: 1, bytes: 6 });
    at(30_001);
    send(b, [INTER, 'p3']);
    expect(backlogs.kept).toEqual({ backlogs: 0, bytes: 0 });
    b.postPlay({ streamName: 's-late' });
    expect(b.readers.get('s-late')).toEqual(['K1', 'p1', 'p2', 'p3']);

    const other = broadcastStandIn();
    backlogs.begin(other);
    send(other, [KEY, 'K1']);
    backlogs.end(other);
    send(other, [KEY, 'K2']);
    other.postPlay({ streamName: 's-after' });
    expect(other.readers.get('s-after')).toEqual(['K2']);
  });

  it('serves each reader from the start once, until as many as expected were served', () => {
    const { backlogs, b } = setUp();
    backlogs.begin(b);
    send(b, [KEY, 'K1'], [INTER, 'p1'], [KEY, 'K2']);
    backlogs.expect(b, 2); // the source's recording and a player's
    b.postPlay({ streamName: 's-source' });
    b.postPlay({ streamName: 's-source' }); // the same recording again: the current group
    expect(backlogs.kept.backlogs).toBe(1);
    b.postPlay({ streamName: 's-player' });
    expect(b.readers.get('s-player')).toEqual(['K1', 'p1', 'K2']);
    expect(b.readers.get('s-source')).toEqual(['K2']);
    expect(backlogs.kept).toEqual({ backlogs: 0, bytes: 0 });
  });

  it('keeps a backlog until it is told how many will read it; none lets it go at once', () => {
    const { backlogs, b } = setUp();
    backlogs.begin(b);
    send(b, [KEY, 'K1'], [INTER, 'p1']);
    // Not told yet: every reader from the start is served, and the backlog stays for the next.
    b.postPlay({ streamName: 's-early' });
    expect(b.readers.get('s-early')).toEqual(['K1', 'p1']);
    expect(backlogs.kept).toEqual({ backlogs: 1, bytes: 4 });
    backlogs.expect(b, 1); // one was expected, and it came already
    expect(backlogs.kept.backlogs).toBe(0);

    const other = broadcastStandIn();
    backlogs.begin(other);
    send(other, [KEY, 'K1'], [INTER, 'p1']);
    backlogs.expect(other, 0); // nothing records this key
    expect(backlogs.kept).toEqual({ backlogs: 0, bytes: 0 });
    send(other, [KEY, 'K2']);
    other.postPlay({ streamName: 's-after' });
    expect(other.readers.get('s-after')).toEqual(['K2']);
  });

  it('patches a broadcast once, however many publishes it sees', () => {
    const { backlogs, b } = setUp();
    for (let i = 0; i < 3; i++) {
      backlogs.begin(b);
      send(b, [KEY, `K${i}`]);
      backlogs.end(b);
    }
    backlogs.begin(b);
    send(b, [KEY, 'K'], [INTER, 'p']);
    b.postPlay({ streamName: 's' });
    expect(b.readers.get('s')).toEqual(['K', 'p']);
  });
});

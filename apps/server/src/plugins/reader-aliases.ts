import { createHmac, randomBytes } from 'node:crypto';

/**
 * The names our own ffmpeg readers use for a stream on the RTMP ingest instead of its key (issue 30
 * item 4): a reader's command line is readable by every local user (`ps`), so it names
 * `live/<alias>`, and the ingest plays the key's stream to it. An alias is a keyed hash of the key under
 * a secret of this process: not reversible, not guessable, the same for the same key all the process's
 * life (a restarted reader reuses its arguments). Each ingest resolves an alias to its key when a
 * reader connects: node-media-server through its stream table, nginx-rtmp by redirecting the play.
 */
export class ReaderAliases {
  readonly #secret = randomBytes(32);
  readonly #keys = new Map<string, string>();

  /**
   * The reader's name of a key's stream. `from: 'start'` names the same stream for a reader that is to
   * begin at the publish's start (a recording's first part: start-backlogs.ts), not at its current
   * picture group; `reader` (the recording's owner) makes it that reader's own: the ingest serves the
   * start once per name.
   */
  aliasOf(key: string, from: 'now' | 'start' = 'now', reader = ''): string {
    const [prefix, input] = from === 'start' ? ['s', `start:${reader}:${key}`] : ['r', key];
    const alias = `${prefix}${createHmac('sha256', this.#secret).update(input).digest('hex').slice(0, 40)}`;
    this.#keys.set(alias, key);
    return alias;
  }

  /** Whether a name is an alias of this process for reading from a publish's start. */
  fromStart(name: string): boolean {
    return name.startsWith('s') && this.#keys.has(name);
  }

  /** The key behind an alias handed out by this process; undefined for any other name. */
  keyOf(name: string): string | undefined {
    return this.#keys.get(name);
  }
}

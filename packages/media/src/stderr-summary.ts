/**
 * Turns ffmpeg's stderr into one short reason in words for the UI (`lastError`), and keeps a bounded
 * ring of recent lines so a process that runs for days cannot grow memory through its log.
 */

/** Most specific first: the first pattern found anywhere in the ring wins, because the root cause
 * (e.g. "Incorrect passphrase") is often followed by generic noise ("Input/output error"). */
const KNOWN: ReadonlyArray<[RegExp, (m: RegExpMatchArray) => string]> = [
  // safe-input.ts: a stored media that is a playlist/reference format, or names another address.
  [/\[([\w,]+) @ [^\]]*\] Format not on whitelist/, (m) => `Format ${m[1]} is not accepted for media`],
  [/Protocol '([\w+.-]+)' not on whitelist/, (m) => `Protocol ${m[1]} is not allowed for media`],
  [/Server returned (\d{3}[^(\n]*)/, (m) => `Server returned ${m[1]!.trim()}`],
  [/HTTP error (\d{3}[^\n]*)/, (m) => `Server returned ${m[1]!.trim()}`],
  [/Incorrect passphrase|BADSECRET/, () => 'Wrong SRT passphrase'],
  // The receiver's container cannot carry the stream's codec (HEVC or Opus into RTMP's FLV, say).
  [/(?:Video|Audio) codec (\w+) not compatible with (\w+)/i, (m) => `Codec ${m[1]} not accepted by ${m[2]}`],
  [/codec not currently supported in container/i, () => 'Codec not accepted by the receiver format'],
  [/Connection refused/i, () => 'Connection refused'],
  [/Connection reset by peer/i, () => 'Connection reset by peer'],
  [/timed out/i, () => 'Connection timed out'],
  [/Broken pipe/i, () => 'Broken pipe (the receiver closed the connection)'],
  [
    /Name or service not known|Failed to resolve hostname|name resolution/i,
    () => 'Host name could not be resolved',
  ],
  [/Network is unreachable|No route to host/i, () => 'Network is unreachable'],
  [/Address already in use/i, () => 'Address already in use (port taken)'],
  [/No such file or directory/i, () => 'No such file or directory'],
  [/Permission denied/i, () => 'Permission denied'],
  [/Protocol not found/i, () => 'Protocol not supported by this ffmpeg'],
  [/Unknown encoder|Encoder not found/i, () => 'Encoder not available in this ffmpeg'],
  [/Invalid data found when processing input/i, () => 'Invalid data found when processing input'],
  [/Input\/output error/i, () => 'Input/output error'],
];

/** Lines that say how ffmpeg ended rather than why; never a useful reason on their own. */
const NOISE = [
  /^Exiting normally/,
  /Conversion failed/,
  /Last message repeated/,
  /Failed to update header/,
  /received signal/,
  /Immediate exit requested/,
  /Error closing (file|progress log)/,
];

const stripTag = (line: string) => line.replace(/^\[[^\]]+ @ 0x[0-9a-f]+\]\s*/i, '').trim();

/** Masks credentials so reasons and process listings can be shown to users and written to logs. */
export function redactSecrets(text: string): string {
  return (
    text
      // user:password@host in any URL
      .replace(/([a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:)[^@\s]*@/gi, '$1***@')
      .replace(/\b(passphrase|password|pass|token|key|secret)=[^&\s]*/gi, '$1=***')
      // RTMP stream keys are the secret part of the URL: keep scheme, host and app, mask the rest.
      .replace(/\b(rtmps?:\/\/[^/\s]+\/[^/\s]+\/)[^\s:'"]+/gi, '$1***')
  );
}

const SECRET_FLAGS = new Set(['-password', '-passphrase']);

/** Arguments fit for a process listing: secret values and URL credentials masked. */
export function redactArgs(args: readonly string[]): string[] {
  return args.map((arg, i) => (i > 0 && SECRET_FLAGS.has(args[i - 1]!) ? '***' : redactSecrets(arg)));
}

/** The reason in words, or null when stderr says nothing useful. */
export function summarizeStderr(lines: readonly string[]): string | null {
  for (const [pattern, words] of KNOWN) {
    for (let i = lines.length - 1; i >= 0; i--) {
      const m = lines[i]!.match(pattern);
      if (m) return words(m);
    }
  }
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = stripTag(lines[i]!);
    if (line && !NOISE.some((n) => n.test(line))) return redactSecrets(line).slice(0, 200);
  }
  return null;
}

export interface ExitFacts {
  command: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  spawnError: NodeJS.ErrnoException | null;
  /** Set when the supervisor killed the process for making no progress for this long. */
  stalledMs: number | null;
  stderr: readonly string[];
}

/** Why a process ended, in words; stderr wins over exit codes because it names the cause. */
export function describeExit(facts: ExitFacts): string {
  const { command, code, signal, spawnError, stalledMs } = facts;
  if (spawnError) {
    return spawnError.code === 'ENOENT'
      ? `${command} not found`
      : `${command} could not start: ${spawnError.message}`;
  }
  if (stalledMs !== null) {
    const span = stalledMs >= 1000 ? `${Math.round(stalledMs / 1000)} s` : `${stalledMs} ms`;
    return `No progress for ${span} (stalled)`;
  }
  const fromStderr = summarizeStderr(facts.stderr);
  if (fromStderr) return fromStderr;
  if (signal) return `${command} was killed (${signal})`;
  return code === 0 ? `${command} ended: the input finished` : `${command} exited with code ${code}`;
}

/** Bounded buffer of the latest stderr lines; accepts chunks that split lines anywhere. */
export class StderrRing {
  #lines: string[] = [];
  #partial = '';

  constructor(private readonly capacity = 50) {}

  push(chunk: string | Buffer): void {
    const parts = (this.#partial + chunk.toString()).split(/\r?\n|\r/);
    this.#partial = parts.pop() ?? '';
    // A runaway line without newline must not grow without bound either.
    if (this.#partial.length > 4096) {
      parts.push(this.#partial);
      this.#partial = '';
    }
    for (const line of parts) {
      if (!line.trim()) continue;
      this.#lines.push(line.slice(0, 1000));
      if (this.#lines.length > this.capacity) this.#lines.shift();
    }
  }

  /** Recent lines, oldest first, including a trailing line not yet ended by a newline. */
  lines(): string[] {
    return this.#partial.trim() ? [...this.#lines, this.#partial] : [...this.#lines];
  }

  clear(): void {
    this.#lines = [];
    this.#partial = '';
  }
}

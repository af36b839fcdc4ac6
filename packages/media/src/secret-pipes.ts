/**
 * Secrets never reach ffmpeg on its command line (issue 30 item 4): `ps` and /proc/<pid>/cmdline are
 * readable by every local user. The arguments only name where a secret is:
 * - an input whose URL options are secret (the SRT listener's passphrase) is named by a one-entry
 *   ffconcat script that ffmpeg reads from an inherited descriptor (`pipe:4`, `pipe:5`, …; the
 *   supervisor writes the script there and closes it), whose `option` lines carry them. The entry's own
 *   whitelists keep what the caller sends to MPEG-TS over SRT;
 * - an output's protocol options (an RTMP stream key as `rtmp_playpath`, an SRT passphrase, an Icecast
 *   password) go into a preset file that `-fpre` reads (ffmpeg 5.1 takes -fpre for outputs only, and
 *   only from a path: Node's stdio "pipes" are sockets, which /dev/fd/N cannot reopen). The file is
 *   written only this user can read, named in the arguments by a placeholder, and removed as soon as
 *   ffmpeg has read it (./secret-files).
 */

/** The first descriptor of a secret: 0-2 are stdio, 3 is a media output pipe where one is used. */
export const SECRET_FD_BASE = 4;

/** An ffmpeg invocation: its arguments and the texts its secret descriptors carry, in order. */
export interface FfmpegCommand {
  args: string[];
  /** Texts for descriptors 4, 5, … (named `pipe:N` in args). */
  secrets: string[];
  /** Texts for private files (named by `secretFilePlaceholder(i)` in args). */
  secretFiles?: string[];
}

/** Accepts a plain argument list where a caller has no secrets. */
export const asCommand = (c: readonly string[] | FfmpegCommand): FfmpegCommand =>
  'args' in c ? c : { args: [...c], secrets: [] };

/** How args name the i-th secret file until the process is spawned. */
// A NUL byte cannot reach a real command line: spawn refuses it, so a placeholder never left unreplaced.
const MARK = '\u0000secret-file-';
export const secretFilePlaceholder = (i: number) => `${MARK}${i}`;

/** The arguments with each placeholder replaced by the path its file was written at. */
export const withSecretFiles = (args: readonly string[], paths: readonly string[]): string[] =>
  args.map((arg) => (arg.startsWith(MARK) ? paths[Number(arg.slice(MARK.length))]! : arg));

const LINE_BREAK = /[\r\n\0]/;

function checkedValue(name: string, value: string): string {
  // A line break would end the preset line and start another option of the caller's choosing.
  if (LINE_BREAK.test(value)) throw new RangeError(`${name} must not contain a line break`);
  return value;
}

/** Collects the secrets of one command while its arguments are built. */
export class SecretPipes {
  readonly texts: string[] = [];
  readonly files: string[] = [];

  #add(text: string): number {
    this.texts.push(text);
    return SECRET_FD_BASE + this.texts.length - 1;
  }

  /** The command with what was collected. */
  command(args: string[]): FfmpegCommand {
    return { args, secrets: this.texts, secretFiles: this.files };
  }

  /** Protocol options of the output that follows, as `-fpre`; none when every value is empty. */
  outputOptions(options: Record<string, string | undefined>): string[] {
    const lines = Object.entries(options)
      .filter((entry): entry is [string, string] => !!entry[1])
      .map(([key, value]) => `${key}=${checkedValue(key, value)}`);
    if (lines.length === 0) return [];
    this.files.push(`${lines.join('\n')}\n`);
    return ['-fpre', secretFilePlaceholder(this.files.length - 1)];
  }

  /** A text (not secret: an SDP, say) that ffmpeg reads from an inherited descriptor, named `pipe:N`. */
  pipedText(text: string): string {
    return `pipe:${this.#add(text)}`;
  }

  /**
   * An input read through a one-entry ffconcat script on a pipe: `url` and `options` (its protocol and
   * format options) stay off the command line. `pipe` must be in the caller's -protocol_whitelist and
   * `concat` in its -format_whitelist; the entry's own whitelists belong in `options`.
   */
  concatInput(url: string, options: Record<string, string>): string[] {
    const lines = ['ffconcat version 1.0', `file ${quoteConcat(checkedValue('url', url))}`];
    for (const [key, value] of Object.entries(options)) {
      if (!/^[a-z_]+$/.test(key)) throw new RangeError(`bad option name ${key}`);
      lines.push(`option ${key} ${quoteConcat(checkedValue(key, value))}`);
    }
    return ['-f', 'concat', '-safe', '0', '-i', `pipe:${this.#add(`${lines.join('\n')}\n`)}`];
  }
}

/** ffconcat's quoting (av_get_token): inside single quotes everything is literal but a quote. */
const quoteConcat = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * An RTMP(S) URL that ends in a stream key, as an output: the URL without its key, and the application
 * and key as protocol options on a pipe. ffmpeg builds the same connect (tcUrl) and publish from them.
 * A URL without a key part (`rtmp://host/app`) is used as it is.
 */
export function rtmpOutput(pipes: SecretPipes, url: string): string[] {
  const m = url.match(/^(rtmps?:\/\/[^/?#\s]+)\/([\s\S]+)$/i);
  if (!m) return [url];
  const [, server, path] = m as unknown as [string, string, string];
  // The key is what follows the last slash of the path; a query belongs to the key (Facebook's does).
  const query = path.search(/[?#]/);
  const cut = (query < 0 ? path : path.slice(0, query)).lastIndexOf('/');
  if (cut <= 0 || cut === path.length - 1) return [url];
  const app = path.slice(0, cut);
  return [...pipes.outputOptions({ rtmp_app: app, rtmp_playpath: path.slice(cut + 1) }), `${server}/${app}`];
}

import { describe, expect, it } from 'vitest';
import { ReaderAliases } from '../../src/plugins/reader-aliases';

// The names our own readers give the ingest instead of a stream key (a command line is readable by every
// local user), and the "from the start" names each recording reads its first part through.
describe('ReaderAliases', () => {
  it('names a key without showing it, the same all the process long, and maps the name back', () => {
    const aliases = new ReaderAliases();
    const alias = aliases.aliasOf('secret-key');
    expect(alias).not.toContain('secret-key');
    expect(aliases.aliasOf('secret-key')).toBe(alias);
    expect(aliases.keyOf(alias)).toBe('secret-key');
    expect(aliases.fromStart(alias)).toBe(false);
    // Another process (another secret) names the same key otherwise.
    expect(new ReaderAliases().aliasOf('secret-key')).not.toBe(alias);
  });

  it('gives each recording its own name for reading a key from the start', () => {
    const aliases = new ReaderAliases();
    const source = aliases.aliasOf('k', 'start', 'source-1');
    const player = aliases.aliasOf('k', 'start', 'player-1');
    expect(new Set([source, player, aliases.aliasOf('k')]).size).toBe(3);
    expect(aliases.aliasOf('k', 'start', 'source-1')).toBe(source);
    for (const name of [source, player]) {
      expect(aliases.fromStart(name)).toBe(true);
      expect(aliases.keyOf(name)).toBe('k');
    }
    // A name this process never handed out is nobody's, whatever it looks like.
    expect(aliases.fromStart(`s${'0'.repeat(40)}`)).toBe(false);
    expect(aliases.keyOf(`s${'0'.repeat(40)}`)).toBeUndefined();
  });
});

import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeSecretFile, writeSecretFile } from '../src/secret-files';
import { SecretPipes, secretFilePlaceholder, withSecretFiles } from '../src/secret-pipes';

describe('secrets off the command line (issue 30 item 4)', () => {
  it('writes a preset only this user can read, in a directory only this user can enter', () => {
    const path = writeSecretFile('rtmp_playpath=k\n');
    expect(readFileSync(path, 'utf8')).toBe('rtmp_playpath=k\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
    removeSecretFile(path);
    expect(existsSync(path)).toBe(false);
  });

  it('names preset files by placeholder until spawn, and refuses values that would add a line', () => {
    const pipes = new SecretPipes();
    const args = [...pipes.outputOptions({ password: 'p=w', empty: '' }), 'icecast://h/m'];
    expect(args).toEqual(['-fpre', secretFilePlaceholder(0), 'icecast://h/m']);
    expect(pipes.files).toEqual(['password=p=w\n']);
    expect(withSecretFiles(args, ['/x/y'])).toEqual(['-fpre', '/x/y', 'icecast://h/m']);
    expect(() => pipes.outputOptions({ password: 'a\nrtmp_tcurl=evil' })).toThrow(/line break/);
    expect(() => pipes.concatInput('srt://h:1', { passphrase: 'a\nfile /etc/passwd' })).toThrow(/line break/);
    expect(new SecretPipes().outputOptions({ password: undefined })).toEqual([]);
  });
});

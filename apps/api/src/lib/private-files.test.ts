import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOrCreatePrivateFile } from './private-files';

describe('readOrCreatePrivateFile', () => {
  it('creates the file 0600 in a new 0700 folder, then returns what it holds', () => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'private-files-')), 'data');
    const file = path.join(folder, 'secret');
    expect(readOrCreatePrivateFile(file, () => 'first')).toBe('first');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(readOrCreatePrivateFile(file, () => 'second')).toBe('first');
  });

  it('keeps the text of a process that created the file first, whole, and leaves no file of its own aside', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'private-files-'));
    const file = path.join(folder, 'vapid.json');
    // Another process starting on the same folder writes the file while this one makes its own text.
    const text = readOrCreatePrivateFile(file, () => {
      writeFileSync(file, '{"theirs":true}');
      return '{"mine":true}';
    });
    expect(text).toBe('{"theirs":true}');
    expect(readdirSync(folder)).toEqual(['vapid.json']);
  });
});

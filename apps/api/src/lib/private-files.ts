// Files and folders only the product's own user may read (docs/operations.md, "File modes"): the database, mails,
// backups and snapshots hold phone numbers and password hashes, so every one is 0600 in a 0700 folder whatever
// the process's umask, and a file written aside and renamed is never readable by others in between.
import {
  chmodSync,
  closeSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { mkdir, chmod } from 'node:fs/promises';
import path from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;
/** The umask of a process that writes private data: whatever a library creates is owner-only too. */
export const PRIVATE_UMASK = 0o077;

/**
 * Makes the whole process create owner-only files and folders (SQLite's files, anything a library writes). Worker
 * threads may not change the umask: they inherit their process's.
 */
export function usePrivateUmask(): void {
  try {
    process.umask(PRIVATE_UMASK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_WORKER_UNSUPPORTED_OPERATION') throw error;
  }
}

/** Creates `folder` (and missing parents) and makes `folder` itself 0700; parents that exist are left alone. */
export function ensurePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  chmodSync(folder, PRIVATE_FOLDER_MODE);
}

/** ensurePrivateFolder for async code paths. */
export async function ensurePrivateFolderAsync(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await chmod(folder, PRIVATE_FOLDER_MODE);
}

/** Creates only the folders that are missing, owner-only, for a path an operator chose (its parents stay as they are). */
export function ensureFolderExists(folder: string): void {
  if (!existsSync(folder)) ensurePrivateFolder(folder);
}

/** Writes `data` to `file` as 0600 (an existing file is made 0600 too). */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  writeFileSync(file, data, { mode: PRIVATE_FILE_MODE });
  chmodSync(file, PRIVATE_FILE_MODE);
}

/** Writes `data` beside `file` and renames it into place: readers see the old file or the whole new one, 0600. */
export function replacePrivateFile(file: string, data: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writePrivateFile(temporary, data);
  renameSync(temporary, file);
}

/**
 * The text of `file`, made by `make` and written 0600 (in a 0700 folder) if it is missing. Processes starting together on one data folder
 * all get the same text: each writes its own aside, and only the first link into place wins (the others read it),
 * so nobody reads a half-written file or keeps a value another process overwrote.
 */
export function readOrCreatePrivateFile(file: string, make: () => string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8');
  ensurePrivateFolder(path.dirname(file));
  const temporary = `${file}.${process.pid}.tmp`;
  writePrivateFile(temporary, make());
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readFileSync(file, 'utf8');
}

/** Creates `file` empty as 0600 if it is missing, and makes it 0600 either way (before a library opens it). */
export function touchPrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
}

/** Makes each of `files` that exists 0600 (files a library created before the umask or an older version wrote). */
export function restrictFiles(files: readonly string[]): void {
  for (const file of files) {
    try {
      chmodSync(file, PRIVATE_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** Makes each of `folders` that exists 0700 (a data folder an older version created 0755). */
export function restrictFolders(folders: readonly string[]): void {
  for (const folder of folders) {
    try {
      chmodSync(folder, PRIVATE_FOLDER_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

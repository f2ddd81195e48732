// A member's preferences kept on the server (design.md §11.5): today the language, so every device of theirs follows.
import type { Language, Preferences } from '@dealerleads/shared';
import type { Db, Engine } from '../../db/database';
import { runWrite } from '../../db/write-batcher';

export async function setPreferences(
  db: Db,
  engine: Engine,
  userId: number,
  preferences: Preferences,
): Promise<{ language: Language }> {
  await runWrite(db, engine, (tx) =>
    tx
      .updateTable('users')
      .set({ language: preferences.language })
      .where('id', '=', userId)
      .execute(),
  );
  return { language: preferences.language };
}

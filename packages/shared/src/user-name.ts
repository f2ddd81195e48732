// The one normal form of a user name, used for every comparison of names (see docs/hardening.md, "User names").

/**
 * Unicode NFKC, then a full case fold, then NFKC again (the fold can leave a string that is not in NFKC).
 * JavaScript has no case-fold function: upper-casing then lower-casing folds what lower-casing alone leaves
 * apart ('ß' and 'SS' → 'ss', final 'ς' → 'σ', 'ﬁ' → 'fi'), with no dependence on the server's locale.
 * The database never folds names: it compares the stored key, so SQLite and PostgreSQL agree.
 */
export function userNameKey(userName: string): string {
  return userName.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

/** Whether two user names are the same name. */
export function sameUserName(a: string, b: string): boolean {
  return userNameKey(a) === userNameKey(b);
}

/**
 * Characters a user name may not hold because they hide or disguise what an Admin reads: format and control
 * characters (zero-width spaces and joiners, the soft hyphen, the word joiner, bidi overrides and marks), private-use
 * and unpaired surrogate code points, and combining marks on a letter of a script written with precomposed letters
 * (Latin, Greek, Cyrillic) or on nothing at all. Marks are kept where a script needs them (Devanagari vowel signs).
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;
const MARK = /\p{M}/u;
const NEEDS_NO_MARKS =
  /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]/u;

export const userNameCharactersMessage =
  'Username must not contain invisible characters, text-direction controls or accents added as separate marks';

/** Whether the user name holds a character that hides or disguises what it shows (see HIDDEN and MARK). */
export function hasDisguisingCharacters(userName: string): boolean {
  if (HIDDEN.test(userName)) return true;
  let previous: string | undefined;
  for (const char of userName) {
    if (MARK.test(char) && (previous === undefined || NEEDS_NO_MARKS.test(previous))) return true;
    previous = char;
  }
  return false;
}

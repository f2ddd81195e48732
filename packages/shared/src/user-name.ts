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

// The confusable skeleton of a user name (Unicode UTS #39), so that no two members' names look alike in an Admin
// screen (docs/hardening.md, "Look-alike user names").
import { userNameKey } from '@dealerleads/shared';
import unhomoglyph from 'unhomoglyph';

/**
 * UTS #39's skeleton over the folded name: NFD, each character replaced by its prototype in Unicode's confusables
 * data (the unhomoglyph package ships it), lower case again (a prototype may be a capital: '0' → 'O'), NFD again. Two names with one skeleton look alike ('аdmin' with a
 * Cyrillic а, 'adrnin', 'admin').
 */
export function userNameSkeleton(userName: string): string {
  return unhomoglyph(userNameKey(userName).normalize('NFD')).toLowerCase().normalize('NFD');
}

// Other names people type for cities, brands and models: a search for the alias also finds what it names.
// Keep it data: one line per alias, the alias as typed, `means` as the catalogue (or a city) spells it.

export interface SearchAlias {
  alias: string;
  means: string;
}

export const SEARCH_ALIASES: readonly SearchAlias[] = [
  // Cities: old or colloquial names → the official one.
  { alias: 'Gurgaon', means: 'Gurugram' },
  { alias: 'Bombay', means: 'Mumbai' },
  { alias: 'Bangalore', means: 'Bengaluru' },
  { alias: 'Calcutta', means: 'Kolkata' },
  { alias: 'Madras', means: 'Chennai' },
  { alias: 'Poona', means: 'Pune' },
  { alias: 'Baroda', means: 'Vadodara' },
  { alias: 'Mysore', means: 'Mysuru' },
  { alias: 'Cochin', means: 'Kochi' },
  { alias: 'Trivandrum', means: 'Thiruvananthapuram' },
  { alias: 'Mangalore', means: 'Mangaluru' },
  { alias: 'Belgaum', means: 'Belagavi' },
  { alias: 'Allahabad', means: 'Prayagraj' },
  { alias: 'Benares', means: 'Varanasi' },
  { alias: 'Banaras', means: 'Varanasi' },
  { alias: 'Delhi', means: 'New Delhi' },
  { alias: 'Noida Extension', means: 'Greater Noida' },
  // Brands: short or everyday names → the catalogue label.
  { alias: 'Maruti', means: 'Maruti Suzuki' },
  { alias: 'Suzuki', means: 'Maruti Suzuki' },
  { alias: 'Merc', means: 'Mercedes-Benz' },
  { alias: 'Benz', means: 'Mercedes-Benz' },
  { alias: 'Mercedes', means: 'Mercedes-Benz' },
  { alias: 'VW', means: 'Volkswagen' },
  { alias: 'Beemer', means: 'BMW' },
  { alias: 'Bimmer', means: 'BMW' },
  { alias: 'Chevy', means: 'Chevrolet' },
  { alias: 'Rolls', means: 'Rolls-Royce' },
  { alias: 'Lambo', means: 'Lamborghini' },
  { alias: 'Range Rover', means: 'Land Rover' },
  { alias: 'Tata Motors', means: 'Tata' },
  { alias: 'M&M', means: 'Mahindra' },
  // Models: old or shortened names → the catalogue model.
  { alias: 'Vitara Brezza', means: 'Brezza' },
  { alias: 'Swift Dzire', means: 'Dzire' },
  { alias: 'Wagon R', means: 'WagonR' },
];

/** The names a search term stands for: the term itself, then what it is an alias of (case-insensitive, whole term). */
export function searchTermsOf(term: string): string[] {
  const lower = term.trim().toLowerCase();
  const terms = [lower];
  for (const { alias, means } of SEARCH_ALIASES) {
    const meant = means.toLowerCase();
    if (alias.toLowerCase() === lower && !terms.includes(meant)) terms.push(meant);
  }
  return terms;
}

/** The longest alias spelled in words: a search tries phrases up to this many words long. */
const LONGEST_ALIAS_WORDS = Math.max(...SEARCH_ALIASES.map((a) => a.alias.split(' ').length));

const isAlias = (phrase: string) => SEARCH_ALIASES.some((a) => a.alias.toLowerCase() === phrase);

/**
 * A search's words, each with what it stands for (searchTermsOf): a lead matches when it has every word. An alias of
 * several words ("swift dzire", "range rover") stays one word, and a one-letter word joins the one before it
 * ("wagon r"), since no index finds a single letter.
 */
export function searchWordsOf(text: string): string[][] {
  const tokens = text
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => t !== '');
  const words: string[] = [];
  for (let i = 0; i < tokens.length;) {
    let taken = 1;
    for (let n = Math.min(LONGEST_ALIAS_WORDS, tokens.length - i); n > 1; n--) {
      if (isAlias(tokens.slice(i, i + n).join(' '))) {
        taken = n;
        break;
      }
    }
    const word = tokens.slice(i, i + taken).join(' ');
    const last = words.length - 1;
    if (word.length === 1 && last >= 0) words[last] = `${words[last]} ${word}`;
    else if (last === 0 && words[0]!.length === 1) words[0] = `${words[0]} ${word}`;
    else words.push(word);
    i += taken;
  }
  return words.map(searchTermsOf);
}

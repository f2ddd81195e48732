// Does a new lead match a saved search? The list's own filter semantics, applied to one row in memory; and the
// match key that lets a new lead look up only the saved searches that could match it (docs/my-leads-and-alerts.md).
import type { SavedSearchFilters } from '@dealerleads/shared';
import type { LeadRow } from '../../db/schema';
import {
  EQUALITY_FILTERS,
  RANGE_FILTERS,
  SEARCH_COLUMNS,
  brandsLabelled,
  canonicalLeadFilter,
  type CanonicalLeadFilter,
  type NumberRange,
} from '../leads/list-engine';

/** What a new lead is matched on (a lead row or the columns of one). */
export type MatchableLead = Pick<
  LeadRow,
  | 'full_name'
  | 'city'
  | 'brand'
  | 'model'
  | 'varient'
  | 'fuel_type'
  | 'owner_name'
  | 'transmission'
  | 'rto'
  | 'year'
  | 'seats'
  | 'price'
  | 'km_driven'
  | 'created_on'
  | 'market_median'
  | 'phone_verified'
>;

export function canonicalSavedFilter(filters: SavedSearchFilters): CanonicalLeadFilter {
  return canonicalLeadFilter({ ...filters, pageNumber: 1, pageSize: 1 }, false);
}

/**
 * The saved search's most selective filter value: its one model, else its one brand, else its one city, else 'any'
 * (a lead it matches has that value). Model names are unique enough across brands that a brand + model
 * search files under its model.
 */
export function matchKeyOf(filter: CanonicalLeadFilter): string {
  const only = (values: readonly string[] | undefined) =>
    values?.length === 1 ? values[0]!.toLowerCase() : undefined;
  const model = only(filter.model);
  if (model !== undefined) return `model:${model}`;
  const brand = only(filter.brand);
  if (brand !== undefined) return `brand:${brand}`;
  const city = only(filter.city);
  return city !== undefined ? `city:${city}` : 'any';
}

/** The keys under which a saved search matching this lead can be filed. */
export function candidateKeysOf(lead: MatchableLead): string[] {
  return [
    `model:${lead.model.toLowerCase()}`,
    `brand:${lead.brand.toLowerCase()}`,
    `city:${lead.city.toLowerCase()}`,
    'any',
  ];
}

function inRange(value: number | null, range: NumberRange | undefined): boolean {
  if (range === undefined) return true;
  if (value === null) return false;
  return (
    (range.min === undefined || value >= range.min) &&
    (range.max === undefined || value <= range.max)
  );
}

function valueOf(lead: MatchableLead, column: string): unknown {
  return (lead as unknown as Record<string, unknown>)[column];
}

/** A new lead made ready to be matched against many saved searches: its texts lower-cased once. */
export interface PreparedLead {
  lead: MatchableLead;
  fullName: string;
  texts: string[];
  createdAt: number;
}

export function prepareLead(lead: MatchableLead): PreparedLead {
  return {
    lead,
    fullName: lead.full_name.toLowerCase(),
    texts: SEARCH_COLUMNS.map((column) => String(valueOf(lead, column) ?? '').toLowerCase()),
    createdAt: Date.parse(lead.created_on),
  };
}

/** The lead list's rules for one lead: one of the stored values, inclusive bands, every search word contained. */
export function leadMatches(filter: CanonicalLeadFilter, prepared: PreparedLead): boolean {
  const { lead } = prepared;
  for (const [key, column] of EQUALITY_FILTERS) {
    const wanted: readonly unknown[] | undefined = filter[key];
    if (wanted === undefined) continue;
    // A boolean column compares as the list's filter holds it: 0/1 (PostgreSQL reads true/false).
    const value = valueOf(lead, column);
    if (!wanted.includes(typeof value === 'boolean' ? Number(value) : value)) return false;
  }
  for (const [key, column] of RANGE_FILTERS) {
    const range = filter[key];
    if (range === undefined) continue;
    const value =
      column === 'created_on' ? prepared.createdAt : (valueOf(lead, column) as number | null);
    if (!inRange(value, range)) return false;
  }
  if (filter.name !== undefined && !prepared.fullName.includes(filter.name)) return false;
  if (filter.belowMarket && !(lead.market_median !== null && lead.price < lead.market_median))
    return false;
  if (filter.search !== undefined) {
    const found = filter.search.every((word) =>
      word.some(
        (term) =>
          prepared.texts.some((text) => text.includes(term)) ||
          brandsLabelled(term).includes(lead.brand),
      ),
    );
    if (!found) return false;
  }
  return true;
}

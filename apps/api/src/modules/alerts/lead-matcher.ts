// Does a new lead match a saved search? The list's own filter semantics, applied to one row in memory; and the
// match key that lets a new lead look up only the saved searches that could match it (docs/workspace-and-alerts.md).
import type { SavedSearchFilters } from '@dealerleads/shared';
import type { LeadRow } from '../../db/schema';
import {
  EQUALITY_FILTERS,
  RANGE_FILTERS,
  VALUE_SEARCH_COLUMNS,
  brandsLabelled,
  canonicalLeadFilter,
  type CanonicalLeadFilter,
  type NumberRange,
} from '../leads/lead-filters';

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
>;

export function canonicalSavedFilter(filters: SavedSearchFilters): CanonicalLeadFilter {
  return canonicalLeadFilter({ ...filters, pageNumber: 1, pageSize: 1 }, false);
}

/**
 * The saved search's most selective filter value: model, else brand, else city, else 'any'. Model names are unique
 * enough across brands that a brand + model search files under its model.
 */
export function matchKeyOf(filter: CanonicalLeadFilter): string {
  if (filter.model !== undefined) return `model:${filter.model.toLowerCase()}`;
  if (filter.brand !== undefined) return `brand:${filter.brand.toLowerCase()}`;
  if (filter.city !== undefined) return `city:${filter.city.toLowerCase()}`;
  return 'any';
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
    texts: VALUE_SEARCH_COLUMNS.map((column) => String(valueOf(lead, column) ?? '').toLowerCase()),
    createdAt: Date.parse(lead.created_on),
  };
}

/** The lead list's rules for one lead: equal stored values, inclusive bands, text contained (any search term). */
export function leadMatches(filter: CanonicalLeadFilter, prepared: PreparedLead): boolean {
  const { lead } = prepared;
  for (const [key, column] of EQUALITY_FILTERS) {
    const wanted = filter[key];
    if (wanted !== undefined && valueOf(lead, column) !== wanted) return false;
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
  if (filter.search !== undefined && filter.search.length > 0) {
    const found = filter.search.some(
      (term) =>
        prepared.texts.some((text) => text.includes(term)) ||
        (filter.searchNames === true && prepared.fullName.includes(term)) ||
        brandsLabelled(term).includes(lead.brand),
    );
    if (!found) return false;
  }
  return true;
}

// What a write did to the leads, noted so that kept answers (results and windows, query-caches.ts) survive it: a new
// lead is checked against a kept answer's filter when the answer is next asked for, and a change that cannot move a
// lead into or out of the filter's answer (an unlock under the sold-out cap, a price within its range) leaves it as it
// is. Any other change lets the answer be found afresh.
import type { Key } from './bitmaps';
import {
  EQUALITY_FILTERS,
  RANGE_FILTERS,
  type CanonicalLeadFilter,
  type NumberRange,
} from './lead-filters';
import type { LeadStore } from './lead-store';
import { SEARCHED } from './query-caches';

/** What the filters can see of one lead held. */
export interface LeadFilterState {
  active: boolean;
  equality: (Key | undefined)[];
  ranges: (number | null)[];
  name: string | undefined;
  belowMarket: boolean;
}

/** One filterable field a write changed, before and after. */
export type FieldChange =
  | { field: 'status'; before: boolean; after: boolean }
  | { field: 'equality'; index: number; before: Key | undefined; after: Key | undefined }
  | { field: 'range'; index: number; before: number | null; after: number | null }
  | { field: 'name' }
  | { field: 'belowMarket'; before: boolean; after: boolean };

/** A write to one lead: a lead new to the engine, one changed (its filterable fields that moved), one removed. */
export type LeadChange =
  | { kind: 'new'; id: number }
  | { kind: 'changed'; id: number; fields: FieldChange[] }
  | { kind: 'gone'; id: number };

export function filterStateOf(store: LeadStore, id: number): LeadFilterState {
  return {
    active: store.active.has(id),
    equality: EQUALITY_FILTERS.map(([key]) => store.equality.get(key)!.keyOf(id)),
    ranges: RANGE_FILTERS.map(([key]) => store.ranges.get(key)!.valueOf(id)),
    name: store.names.name(id),
    belowMarket: store.belowMarket.has(id),
  };
}

/** The filterable fields that differ between two states of a lead. */
export function fieldChanges(before: LeadFilterState, after: LeadFilterState): FieldChange[] {
  const changes: FieldChange[] = [];
  if (before.active !== after.active)
    changes.push({ field: 'status', before: before.active, after: after.active });
  before.equality.forEach((value, index) => {
    if (value !== after.equality[index])
      changes.push({ field: 'equality', index, before: value, after: after.equality[index] });
  });
  before.ranges.forEach((value, index) => {
    if (value !== after.ranges[index])
      changes.push({ field: 'range', index, before: value, after: after.ranges[index]! });
  });
  if (before.name !== after.name) changes.push({ field: 'name' });
  if (before.belowMarket !== after.belowMarket)
    changes.push({ field: 'belowMarket', before: before.belowMarket, after: after.belowMarket });
  return changes;
}

function inScope(status: CanonicalLeadFilter['status'], active: boolean): boolean {
  return status === 'all' || (status === 'active') === active;
}

/** A range's condition on one value, as RangeColumn.narrow applies it (no bound at all is no condition). */
export function inRange({ min = -Infinity, max = Infinity }: NumberRange, value: number | null) {
  if (min === -Infinity && max === Infinity) return true;
  return value !== null && value >= min && value <= max;
}

/**
 * Whether the changed fields may have moved the lead into or out of the filter's answer: a field the filter tests whose
 * old and new values fall on different sides of its condition, or any change a search or a name filter reads.
 */
export function mayMove(filter: CanonicalLeadFilter, fields: readonly FieldChange[]): boolean {
  for (const change of fields) {
    switch (change.field) {
      case 'status':
        if (inScope(filter.status, change.before) !== inScope(filter.status, change.after))
          return true;
        break;
      case 'equality': {
        const [key] = EQUALITY_FILTERS[change.index]!;
        if (filter.search !== undefined && SEARCHED.has(key)) return true;
        const wanted = filter[key] as readonly Key[] | undefined;
        if (
          wanted !== undefined &&
          wanted.includes(change.before!) !== wanted.includes(change.after!)
        )
          return true;
        break;
      }
      case 'range': {
        const range = filter[RANGE_FILTERS[change.index]![0]];
        if (range !== undefined && inRange(range, change.before) !== inRange(range, change.after))
          return true;
        break;
      }
      case 'name':
        if (filter.name !== undefined) return true;
        break;
      case 'belowMarket':
        if (filter.belowMarket === true) return true;
        break;
    }
  }
  return false;
}

/**
 * Whether a lead held is in the answer of a filter without a search or a name (those read text), read from its
 * columns as the bitmaps hold it: a few new leads are checked so rather than by bitmap operations, each a native call.
 */
export function leadMatches(store: LeadStore, filter: CanonicalLeadFilter, id: number): boolean {
  if (!inScope(filter.status, store.active.has(id))) return false;
  for (const [key] of EQUALITY_FILTERS) {
    const wanted = filter[key] as readonly Key[] | undefined;
    if (wanted === undefined) continue;
    const value = store.equality.get(key)!.keyOf(id);
    if (value === undefined || !wanted.includes(value)) return false;
  }
  for (const [key] of RANGE_FILTERS) {
    const range = filter[key];
    if (range !== undefined && !inRange(range, store.ranges.get(key)!.valueOf(id))) return false;
  }
  return filter.belowMarket !== true || store.belowMarket.has(id);
}

/** The ids of `joined` (ascending) merged into a newest-first window; an incomplete window takes only newer ones. */
export function withJoined(
  window: { ids: Uint32Array; total: number },
  joined: readonly number[],
): { ids: Uint32Array; total: number } {
  const complete = window.ids.length === window.total;
  const oldest = window.ids.length > 0 ? window.ids[window.ids.length - 1]! : 0;
  const taken = complete ? joined : joined.filter((id) => id > oldest);
  const ids = new Uint32Array(window.ids.length + taken.length);
  let at = 0;
  let next = taken.length - 1;
  for (const id of window.ids) {
    while (next >= 0 && taken[next]! > id) ids[at++] = taken[next--]!;
    ids[at++] = id;
  }
  while (next >= 0) ids[at++] = taken[next--]!;
  return { ids, total: window.total + joined.length };
}

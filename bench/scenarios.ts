// The read scenarios of issue 9: the lead list unfiltered, three filter mixes, two search terms, a deep page, lead detail.
export type ScenarioKind = 'list' | 'search' | 'deep' | 'detail' | 'page-alone';

export interface Scenario {
  key: string;
  label: string;
  kind: ScenarioKind;
  /** Path and query; for `detail` the id is filled in per request. */
  path: string;
  /** For `page-alone`: the list scenario it is compared with. */
  withTotalOf?: string;
}

/** Filter values that exist in the generated data (see apps/api/src/db/seed/leads.ts). */
export const FILTER_MIXES = [
  { key: 'list-city', label: 'list · city', query: 'city=Gurugram' },
  {
    key: 'list-brand-model-year',
    label: 'list · brand+model+year',
    query: 'brand=maruti_suzuki&model=Swift&year=2019',
  },
  {
    key: 'list-city-fuel-price-km',
    label: 'list · city+fuel+price+km',
    query: 'city=New%20Delhi&fuel=diesel&price=500000-549999&KmDriven=30000-39999',
  },
] as const;

/** A 3-letter term (Kumar, …) and an 8-letter one (Malhotra): the trigram index's short and long cases. */
export const SEARCH_TERMS = ['kum', 'malhotra'] as const;

export const DEEP_PAGE = 1000;
export const PAGE_SIZE = 60;

/** The page used as "page 1,000": the last full page when the database holds fewer than 60,000 active leads. */
export function deepPageFor(activeLeads: number): number {
  return Math.max(2, Math.min(DEEP_PAGE, Math.floor(activeLeads / PAGE_SIZE)));
}

export function readScenarios(activeLeads: number, pageAloneQuery: string | undefined): Scenario[] {
  const deep = deepPageFor(activeLeads);
  const lists: Scenario[] = [
    { key: 'list', label: 'list · unfiltered (page 1)', kind: 'list', path: '/api/leads' },
    ...FILTER_MIXES.map((m) => ({
      key: m.key,
      label: m.label,
      kind: 'list' as const,
      path: `/api/leads?${m.query}`,
    })),
  ];
  const pageAlone: Scenario[] = pageAloneQuery
    ? lists.map((s) => ({
        key: `${s.key}-page-alone`,
        label: `${s.label.replace(' (page 1)', '')} · no total`,
        kind: 'page-alone' as const,
        path: `${s.path}${s.path.includes('?') ? '&' : '?'}${pageAloneQuery}`,
        withTotalOf: s.key,
      }))
    : [];
  return [
    ...lists,
    ...pageAlone,
    ...SEARCH_TERMS.map((term) => ({
      key: `search-${term.length}`,
      label: `search · ${term.length} letters "${term}"`,
      kind: 'search' as const,
      path: `/api/leads?searchterm=${term}`,
    })),
    {
      key: 'page-deep',
      label:
        deep === DEEP_PAGE
          ? `list · page ${DEEP_PAGE.toLocaleString('en-US')}`
          : `list · page ${deep} (last full page)`,
      kind: 'deep',
      path: `/api/leads?pageNumber=${deep}`,
    },
    { key: 'detail', label: 'lead detail (rotating ids)', kind: 'detail', path: '/api/leads/:id' },
  ];
}

// The Filters panel (lazy; offcanvas 250 px, docs/screens.md): a select per filter from the shared catalogues, and Reset Filter.
import { useId } from 'react';
import { UI } from '@dealerleads/shared';
import {
  FUELS,
  KM_UNDER,
  NCR_CITIES,
  OWNERS,
  PRICE_RANGES_LAKH,
  RTO_CODES,
  TRANSMISSIONS,
  VEHICLE_BRANDS,
  filterSeatOptions,
  findBrand,
  findModel,
  leadYearOptions,
  type Option,
} from '@dealerleads/shared/catalogues';
import { SidePanel } from '../../components/side-panel';
import { useSettledSelect } from '../../hooks/use-settled-select';
import {
  LEAD_FILTER_KEYS,
  RESET_FILTER_TEXT,
  hidesSoldOut,
  type LeadFilterName,
  type LeadListQuery,
} from './lead-filters';
import { FILTER_LABELS } from './filter-labels';
import { leadCapTexts } from './lead-format';

type Choice = Option<string | number> | string | number;

const asOption = (choice: Choice): Option => {
  if (typeof choice === 'object') return { value: String(choice.value), label: choice.label };
  return { value: String(choice), label: String(choice) };
};

/** The Admin's Status filter; without it an Admin sees active and inactive leads alike. */
const STATUS_OPTIONS: Option[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const BRAND_OPTIONS: Option[] = VEHICLE_BRANDS.map((b) => ({ value: b.value, label: b.label }));

/** The list's orders (LEAD_SORTS), newest first the default. */
const SORT_OPTIONS: Option[] = [
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'km_asc', label: 'Kilometres: lowest first' },
  { value: 'year_desc', label: 'Year: newest first' },
];

/** Each year, then each year and newer ("Year from"). */
function yearOptions(): Option[] {
  const years = leadYearOptions();
  return [
    ...years.map((y) => ({ value: String(y), label: String(y) })),
    ...years.map((y) => ({ value: `${y}-`, label: `${y} or newer` })),
  ];
}

/** The options of every select; model and variant follow the chosen brand and model. */
export function filterOptions(
  key: LeadFilterName,
  filters: LeadListQuery['filters'],
): readonly Choice[] {
  switch (key) {
    case 'city':
      return NCR_CITIES;
    case 'brand':
      return BRAND_OPTIONS;
    case 'model':
      return filters.brand ? (findBrand(filters.brand)?.models.map((m) => m.name) ?? []) : [];
    case 'varient':
      return filters.brand && filters.model
        ? (findModel(filters.brand, filters.model)?.variants ?? [])
        : [];
    case 'fuel':
      return FUELS;
    case 'ownerName':
      return OWNERS;
    case 'rto':
      return RTO_CODES;
    case 'transmission':
      return TRANSMISSIONS;
    case 'price':
      return PRICE_RANGES_LAKH;
    case 'KmDriven':
      return KM_UNDER;
    case 'year':
      return yearOptions();
    case 'seats':
      return filterSeatOptions();
    case 'status':
      return STATUS_OPTIONS;
    case 'sort':
      return SORT_OPTIONS;
    case 'hideSoldOut':
    case 'belowMarket':
      return [];
  }
}

const ANY: Readonly<Record<LeadFilterName, string>> = {
  city: 'Any city',
  brand: 'Any brand',
  model: 'Any model',
  varient: 'Any variant',
  fuel: 'Any fuel',
  ownerName: 'Any owner',
  rto: 'Any RTO',
  transmission: 'Any transmission',
  price: 'Any price',
  KmDriven: 'Any km',
  year: 'Any year',
  seats: 'Any seats',
  status: 'Active and inactive',
  hideSoldOut: '',
  sort: 'Newest first',
  belowMarket: '',
};

function FilterSelect({
  name,
  query,
  onChange,
}: {
  name: LeadFilterName;
  query: LeadListQuery;
  onChange: (key: LeadFilterName, value: string) => void;
}) {
  const id = useId();
  const value = query.filters[name] ?? '';
  const select = useSettledSelect(value, (next) => onChange(name, next));
  const options = filterOptions(name, query.filters).map(asOption);
  // A value from a shared link that the catalogue does not list still shows as chosen.
  if (value !== '' && !options.some((o) => o.value === value))
    options.unshift({ value, label: value });
  const waiting =
    (name === 'model' && !query.filters.brand) ||
    (name === 'varient' && (!query.filters.brand || !query.filters.model));
  return (
    <div className="mb-2">
      <label htmlFor={id} className="form-label small mb-1">
        {FILTER_LABELS[name]}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        {...select}
        disabled={waiting && options.length === 0}
      >
        <option value="">
          {waiting && options.length === 0
            ? `Choose a ${name === 'model' ? 'brand' : 'model'} first`
            : ANY[name]}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Several cities at once: a box per city, the chosen ones comma-separated in the URL. */
function CityChecks({
  query,
  onChange,
}: {
  query: LeadListQuery;
  onChange: (key: LeadFilterName, value: string) => void;
}) {
  const id = useId();
  const chosen = new Set((query.filters.city ?? '').split(',').filter((c) => c !== ''));
  const cities = [...NCR_CITIES, ...[...chosen].filter((c) => !NCR_CITIES.includes(c))];
  const toggle = (city: string, on: boolean) => {
    const next = cities.filter((c) => (c === city ? on : chosen.has(c)));
    onChange('city', next.join(','));
  };
  return (
    <fieldset className="mb-2">
      <legend className="form-label small mb-1">{FILTER_LABELS.city}</legend>
      <div className="city-checks border rounded px-2 py-1">
        {cities.map((city, i) => (
          <div key={city} className="form-check">
            <input
              id={`${id}-${i}`}
              type="checkbox"
              className="form-check-input"
              checked={chosen.has(city)}
              onChange={(event) => toggle(city, event.target.checked)}
            />
            <label htmlFor={`${id}-${i}`} className="form-check-label small">
              {city}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** "Hide sold-out leads": on by default for dealers; the URL names it only when it differs from the default. */
function HideSoldOutSwitch({
  query,
  dealer,
  onChange,
}: {
  query: LeadListQuery;
  dealer: boolean;
  onChange: (key: LeadFilterName, value: string) => void;
}) {
  const id = useId();
  return (
    <div className="form-check form-switch mt-2">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="form-check-input"
        checked={hidesSoldOut(query, dealer)}
        onChange={(event) =>
          onChange(
            'hideSoldOut',
            event.target.checked === dealer ? '' : String(event.target.checked),
          )
        }
      />
      <label htmlFor={id} className="form-check-label small">
        {leadCapTexts.hideSoldOut}
      </label>
    </div>
  );
}

/** "Below market": only leads priced under their market guide's median (`belowMarket=true`). */
function BelowMarketSwitch({
  query,
  onChange,
}: {
  query: LeadListQuery;
  onChange: (key: LeadFilterName, value: string) => void;
}) {
  const id = useId();
  return (
    <div className="form-check form-switch mt-2">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="form-check-input"
        checked={query.filters.belowMarket === 'true'}
        onChange={(event) => onChange('belowMarket', event.target.checked ? 'true' : '')}
      />
      <label htmlFor={id} className="form-check-label small">
        Below market
      </label>
    </div>
  );
}

export interface FiltersPanelProps {
  /** Admins also filter by status. */
  admin?: boolean;
  /** Dealers hide sold-out leads unless they turn the switch off. */
  dealer?: boolean;
  show: boolean;
  onHide: () => void;
  query: LeadListQuery;
  onChange: (key: LeadFilterName, value: string) => void;
  onReset: () => void;
}

export function FiltersPanel({
  admin = false,
  dealer = false,
  show,
  onHide,
  query,
  onChange,
  onReset,
}: FiltersPanelProps) {
  return (
    <SidePanel
      show={show}
      onHide={onHide}
      placement="end"
      widthPx={UI.filterPanelWidthPx}
      titleId="lead-filters-title"
      title="Filters"
      closeLabel="Close filters"
    >
      <form aria-label="Lead filters" onSubmit={(event) => event.preventDefault()}>
        <FilterSelect name="sort" query={query} onChange={onChange} />
        {LEAD_FILTER_KEYS.filter(
          (name) =>
            (admin || name !== 'status') &&
            name !== 'hideSoldOut' &&
            name !== 'sort' &&
            name !== 'belowMarket',
        ).map((name) =>
          name === 'city' ? (
            <CityChecks key={name} query={query} onChange={onChange} />
          ) : (
            <FilterSelect key={name} name={name} query={query} onChange={onChange} />
          ),
        )}
        <HideSoldOutSwitch query={query} dealer={dealer} onChange={onChange} />
        <BelowMarketSwitch query={query} onChange={onChange} />
      </form>
      <button type="button" className="btn btn-outline-secondary w-100 mt-2" onClick={onReset}>
        {RESET_FILTER_TEXT}
      </button>
    </SidePanel>
  );
}

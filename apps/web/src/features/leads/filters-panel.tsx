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
  hidesSoldOut,
  type LeadFilterName,
  type LeadListQuery,
} from './lead-filters';
import { filterLabel, filterValueLabel, kmChoiceLabel, lakhBandLabel } from './filter-labels';
import { leadCapTexts } from './lead-format';
import { leadDetailTexts } from '../../i18n/en/lead-detail';
import { leadsTexts } from '../../i18n/en/leads';
import { translate, useT } from '../../i18n/runtime';

type Choice = Option<string | number> | string | number;

const asOption = (choice: Choice): Option => {
  if (typeof choice === 'object') return { value: String(choice.value), label: choice.label };
  return { value: String(choice), label: String(choice) };
};

/** The Admin's Status filter; without it an Admin sees active and inactive leads alike. */
const STATUS_OPTIONS: Option[] = [
  { value: 'active', label: leadDetailTexts.en.active },
  { value: 'inactive', label: leadDetailTexts.en.inactive },
];

const BRAND_OPTIONS: Option[] = VEHICLE_BRANDS.map((b) => ({ value: b.value, label: b.label }));

/** The list's orders (LEAD_SORTS), newest first the default. */
const SORT_OPTIONS: Option[] = (['price_asc', 'price_desc', 'km_asc', 'year_desc'] as const).map(
  (value) => ({ value, label: leadDetailTexts.en[`sort.${value}`] }),
);

/** Each year, then each year and newer ("Year from"). */
function yearOptions(): Option[] {
  const years = leadYearOptions();
  return [
    ...years.map((y) => ({ value: String(y), label: String(y) })),
    ...years.map((y) => ({ value: `${y}-`, label: `${y}-` })),
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
    case 'verified':
      return [];
  }
}

/** An option as the reader reads it: catalogue labels in the current language. */
function optionText(name: LeadFilterName, option: Option): string {
  switch (name) {
    case 'fuel':
    case 'ownerName':
    case 'transmission':
    case 'seats':
    case 'year':
      return filterValueLabel(name, option.value);
    case 'price':
      return lakhBandLabel(option.value);
    case 'KmDriven':
      return kmChoiceLabel(option.value);
    case 'status':
      return translate(leadDetailTexts, option.value === 'active' ? 'active' : 'inactive');
    case 'sort':
      return SORT_OPTIONS.some((o) => o.value === option.value)
        ? translate(leadDetailTexts, `sort.${option.value as 'price_asc'}`)
        : option.label;
    default:
      return option.label;
  }
}

/** Filters set by a switch of their own, not a select. */
const SWITCHES: ReadonlySet<LeadFilterName> = new Set(['hideSoldOut', 'belowMarket', 'verified']);

/** The first option of a select: no filter. */
function anyText(name: LeadFilterName): string {
  return name === 'hideSoldOut' || name === 'belowMarket' || name === 'verified'
    ? ''
    : translate(leadDetailTexts, `any.${name}`);
}

function FilterSelect({
  name,
  query,
  onChange,
}: {
  name: LeadFilterName;
  query: LeadListQuery;
  onChange: (key: LeadFilterName, value: string) => void;
}) {
  const t = useT(leadDetailTexts);
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
        {filterLabel(name)}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        {...select}
        disabled={waiting && options.length === 0}
      >
        <option value="">
          {waiting && options.length === 0
            ? t(name === 'model' ? 'chooseBrandFirst' : 'chooseModelFirst')
            : anyText(name)}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {optionText(name, option)}
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
      <legend className="form-label small mb-1">{filterLabel('city')}</legend>
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

/**
 * A filter that is on or off ('true' in the URL, or nothing): "Below market" (`belowMarket=true`, leads priced under
 * their market guide's median) and "Verified numbers only" (`verified=true`).
 */
function OnlySwitch({
  name,
  textKey,
  query,
  onChange,
}: {
  name: 'belowMarket' | 'verified';
  /** Its label's key in the lead detail texts. */
  textKey: 'belowMarket' | 'verifiedOnly';
  query: LeadListQuery;
  onChange: (key: LeadFilterName, value: string) => void;
}) {
  const t = useT(leadDetailTexts);
  const id = useId();
  return (
    <div className="form-check form-switch mt-2">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="form-check-input"
        checked={query.filters[name] === 'true'}
        onChange={(event) => onChange(name, event.target.checked ? 'true' : '')}
      />
      <label htmlFor={id} className="form-check-label small">
        {t(textKey)}
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
  const t = useT(leadDetailTexts);
  return (
    <SidePanel
      show={show}
      onHide={onHide}
      placement="end"
      widthPx={UI.filterPanelWidthPx}
      titleId="lead-filters-title"
      title={t('filtersTitle')}
      closeLabel={t('closeFilters')}
    >
      <form aria-label={t('leadFilters')} onSubmit={(event) => event.preventDefault()}>
        <FilterSelect name="sort" query={query} onChange={onChange} />
        {LEAD_FILTER_KEYS.filter(
          (name) => (admin || name !== 'status') && name !== 'sort' && !SWITCHES.has(name),
        ).map((name) =>
          name === 'city' ? (
            <CityChecks key={name} query={query} onChange={onChange} />
          ) : (
            <FilterSelect key={name} name={name} query={query} onChange={onChange} />
          ),
        )}
        <HideSoldOutSwitch query={query} dealer={dealer} onChange={onChange} />
        <OnlySwitch name="belowMarket" textKey="belowMarket" query={query} onChange={onChange} />
        <OnlySwitch name="verified" textKey="verifiedOnly" query={query} onChange={onChange} />
      </form>
      <button type="button" className="btn btn-outline-secondary w-100 mt-2" onClick={onReset}>
        {translate(leadsTexts, 'resetFilter')}
      </button>
    </SidePanel>
  );
}

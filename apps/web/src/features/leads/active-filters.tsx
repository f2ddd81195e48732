// The chips above the lead list naming each filter set, each with its remove button.
import { filterLabel, filterValueLabel } from './filter-labels';
import { LEAD_FILTER_KEYS, type LeadFilterName, type LeadListQuery } from './lead-filters';
import { leadDetailTexts } from '../../i18n/en/lead-detail';
import { useT } from '../../i18n/runtime';

export function ActiveFilters({
  query,
  onRemove,
}: {
  query: LeadListQuery;
  onRemove: (key: LeadFilterName) => void;
}) {
  const t = useT(leadDetailTexts);
  const active = LEAD_FILTER_KEYS.filter(
    (key) => key !== 'sort' && query.filters[key] !== undefined,
  );
  if (active.length === 0) return null;
  return (
    <ul className="list-inline mb-2" aria-label={t('activeFilters')}>
      {active.map((key) => (
        <li key={key} className="list-inline-item mb-1">
          <span className="badge rounded-pill text-bg-light border d-inline-flex align-items-center gap-1">
            {filterLabel(key)}: {filterValueLabel(key, query.filters[key] ?? '')}
            <button
              type="button"
              className="btn-close btn-close-sm"
              style={{ fontSize: '0.6rem' }}
              aria-label={t('removeFilter', { filter: filterLabel(key) })}
              onClick={() => onRemove(key)}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}

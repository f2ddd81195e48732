// 'Saved searches' in the nav: save the lead list's current filters (on the lead list), open one (its filters
// applied, its count reset) or delete it; each shows the new leads since it was last opened.
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  EMAIL_MODES,
  SAVED_SEARCH_NAME_MAX,
  type EmailMode,
  type SavedSearch,
  type SavedSearchFilters,
} from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { reportSaveError } from '../../lib/report-error';
import {
  useCreateSavedSearch,
  useDeleteSavedSearch,
  useOpenSavedSearch,
  useSavedSearches,
  useUpdateSavedSearch,
} from './api/alerts';
import { NavDropdown } from './nav-dropdown';
import { alertsTexts } from '../../i18n/en/alerts';
import { translate, useT } from '../../i18n/runtime';

export const SAVE_SEARCH_TEXT = alertsTexts.en.saveSearch;

/** The lead list's URL keeps its filters under the API's names; the search box is `q`, the page `page`. */
export function filtersFromUrl(search: string): SavedSearchFilters {
  const filters: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (key === 'page' || value.trim() === '') continue;
    filters[key === 'q' ? 'searchterm' : key] = value;
  }
  return filters as SavedSearchFilters;
}

export function urlOfFilters(filters: SavedSearchFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '') continue;
    params.set(key === 'searchterm' ? 'q' : key, String(value));
  }
  const query = params.toString();
  return query ? `${paths.leads}?${query}` : paths.leads;
}

function SaveForm({ onDone }: { onDone: () => void }) {
  const t = useT(alertsTexts);
  const location = useLocation();
  const create = useCreateSavedSearch();
  const [name, setName] = useState('');
  // A search without any filter matches every lead: the server allows it the daily digest only.
  const [emailMode, setEmailMode] = useState<EmailMode>(() =>
    Object.keys(filtersFromUrl(location.search)).length === 0 ? 'daily' : 'instant',
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, filters: filtersFromUrl(location.search), emailMode },
      {
        onSuccess: () => {
          notify.success(t('searchSaved'));
          onDone();
        },
        onError: (error) => {
          const messages = reportSaveError(error, t('searchSaveFailed'));
          if (messages.length > 0) notify.error(messages.join(' '));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="mb-2" aria-label={t('saveSearch')}>
      <label htmlFor="saved-search-name" className="form-label small mb-0">
        {t('name')}
      </label>
      <input
        id="saved-search-name"
        className="form-control form-control-sm mb-1"
        maxLength={SAVED_SEARCH_NAME_MAX}
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        placeholder={t('namePlaceholder')}
      />
      <label htmlFor="saved-search-email" className="form-label small mb-0">
        {t('email')}
      </label>
      <EmailModeSelect
        id="saved-search-email"
        value={emailMode}
        onChange={setEmailMode}
        className="mb-1"
      />
      <button type="submit" className="btn btn-primary btn-sm" disabled={create.isPending}>
        {t('save')}
      </button>
    </form>
  );
}

function EmailModeSelect({
  id,
  value,
  onChange,
  className = '',
  label,
}: {
  id?: string;
  value: EmailMode;
  onChange: (mode: EmailMode) => void;
  className?: string;
  label?: string;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      className={`form-select form-select-sm ${className}`}
      value={value}
      onChange={(event) => onChange(event.target.value as EmailMode)}
    >
      {EMAIL_MODES.map((mode) => (
        <option key={mode} value={mode}>
          {translate(alertsTexts, `mode.${mode}`)}
        </option>
      ))}
    </select>
  );
}

export function SavedSearchesMenu() {
  const t = useT(alertsTexts);
  const searches = useSavedSearches();
  const open = useOpenSavedSearch();
  const remove = useDeleteSavedSearch();
  const update = useUpdateSavedSearch();
  const navigate = useNavigate();
  const location = useLocation();
  const [saving, setSaving] = useState(false);
  const items: SavedSearch[] = searches.data ?? [];
  const newTotal = items.reduce((sum, s) => sum + s.newCount, 0);
  const onLeadList = location.pathname === paths.leads;

  return (
    <NavDropdown
      icon="bi-bookmarks"
      label={t('savedSearches')}
      count={newTotal}
      countTestId="saved-searches-count"
    >
      {(close) => (
        <>
          {onLeadList ? (
            saving ? (
              <SaveForm
                onDone={() => {
                  setSaving(false);
                  close();
                }}
              />
            ) : (
              <button
                type="button"
                className="btn btn-outline-primary btn-sm w-100 mb-2"
                onClick={() => setSaving(true)}
              >
                <i className="bi bi-bookmark-plus me-1" aria-hidden="true" />
                {t('saveSearch')}
              </button>
            )
          ) : null}
          {items.length === 0 ? (
            <p className="text-body-secondary small mb-0">{t('noSavedSearches')}</p>
          ) : (
            <ul className="list-unstyled mb-0" aria-label={t('savedSearches')}>
              {items.map((search) => (
                <li key={search.id} className="d-flex align-items-center gap-1 border-top py-1">
                  <button
                    type="button"
                    className="btn btn-link btn-sm text-start flex-grow-1 text-reset"
                    onClick={() => {
                      open.mutate(search.id);
                      close();
                      void navigate(urlOfFilters(search.filters));
                    }}
                  >
                    {search.name}
                    {search.newCount > 0 ? (
                      <span className="badge text-bg-danger ms-1">
                        {t('newCount', { count: search.newCount })}
                      </span>
                    ) : null}
                  </button>
                  <EmailModeSelect
                    label={t('emailFor', { name: search.name })}
                    value={search.emailMode}
                    className="w-auto"
                    onChange={(emailMode) =>
                      update.mutate(
                        { id: search.id, emailMode },
                        {
                          onSuccess: () => notify.success(t('emailSaved')),
                          onError: (error) => {
                            const messages = reportSaveError(error, t('settingFailed'));
                            if (messages.length > 0) notify.error(messages.join(' '));
                          },
                        },
                      )
                    }
                  />
                  <button
                    type="button"
                    className="btn btn-link btn-sm text-danger"
                    aria-label={t('deleteSearch', { name: search.name })}
                    onClick={() => remove.mutate(search.id)}
                  >
                    <i className="bi bi-trash" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </NavDropdown>
  );
}

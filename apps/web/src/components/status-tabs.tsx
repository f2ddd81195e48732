// Tabs that pick which status a queue shows (Moderation, Payments): the chosen one is marked current.

export interface StatusTab<T> {
  value: T;
  label: string;
}

export interface StatusTabsProps<T> {
  tabs: readonly StatusTab<T>[];
  value: T;
  onChange: (value: T) => void;
}

export function StatusTabs<T>({ tabs, value, onChange }: StatusTabsProps<T>) {
  return (
    <ul className="nav nav-tabs mb-3">
      {tabs.map((tab) => (
        <li className="nav-item" key={tab.label}>
          <button
            type="button"
            className={`nav-link${value === tab.value ? ' active' : ''}`}
            aria-current={value === tab.value ? 'page' : undefined}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

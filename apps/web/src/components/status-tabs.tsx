// Tabs that pick which status a queue lists (moderation, disputes): buttons styled as tabs, the current one marked.
export interface StatusTab<T> {
  value: T;
  label: string;
}

export function StatusTabs<T>({
  tabs,
  value,
  onChange,
}: {
  tabs: readonly StatusTab<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
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

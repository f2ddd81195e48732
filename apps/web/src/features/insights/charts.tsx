// Plain SVG charts of the insights screen: no chart library (nothing to download for anyone but this Admin chunk, and
// nothing to make accessible after the fact). Each chart is an image with a text summary, and a table of its numbers.
import type { ReactNode } from 'react';
import { adminTexts } from '../../i18n/en/admin';
import { useT } from '../../i18n/runtime';

export interface ChartFigureProps {
  title: string;
  /** One sentence a screen reader reads for the picture. */
  summary: string;
  chart: ReactNode;
  /** Column headings and rows of the table alternative. */
  head: string[];
  rows: (string | number)[][];
}

/** A titled chart with its table alternative (collapsed under 'Show as table'). */
export function ChartFigure({ title, summary, chart, head, rows }: ChartFigureProps) {
  const t = useT(adminTexts);
  return (
    <figure className="card h-100 mb-0">
      <div className="card-body">
        <figcaption className="h6 mb-3">{title}</figcaption>
        <div role="img" aria-label={summary}>
          {chart}
        </div>
        <details className="mt-2">
          <summary className="small">{t('showAsTable')}</summary>
          <table className="table table-sm mt-2 mb-0">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={String(row[0])}>
                  {row.map((cell, i) => (
                    <td key={i}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>
    </figure>
  );
}

/** Horizontal bars, one per labelled value, longest first as given. */
export function BarList({ items }: { items: { label: string; value: number }[] }) {
  const t = useT(adminTexts);
  const max = Math.max(1, ...items.map((i) => i.value));
  const rowHeight = 22;
  const labelWidth = 130;
  const width = 420;
  if (items.length === 0) return <p className="text-body-secondary small mb-0">{t('noLeads')}</p>;
  return (
    <svg
      viewBox={`0 0 ${width} ${items.length * rowHeight}`}
      width="100%"
      aria-hidden="true"
      className="d-block"
    >
      {items.map((item, i) => {
        const barWidth = ((width - labelWidth - 50) * item.value) / max;
        const y = i * rowHeight;
        return (
          <g key={item.label}>
            <text x={0} y={y + 15} fontSize="12" fill="currentColor">
              {item.label.length > 20 ? `${item.label.slice(0, 19)}…` : item.label}
            </text>
            <rect x={labelWidth} y={y + 4} width={barWidth} height={14} rx={2} fill="#0d6efd" />
            <text x={labelWidth + barWidth + 4} y={y + 15} fontSize="12" fill="currentColor">
              {item.value.toLocaleString('en-IN')}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Two series per day (leads and unlocks) as paired columns. */
export function DayColumns({ days }: { days: { day: string; leads: number; unlocks: number }[] }) {
  const t = useT(adminTexts);
  const height = 160;
  const width = 600;
  const max = Math.max(1, ...days.flatMap((d) => [d.leads, d.unlocks]));
  const slot = width / Math.max(1, days.length);
  const bar = Math.max(1, slot / 2 - 1);
  return (
    <>
      <svg
        viewBox={`0 0 ${width} ${height + 18}`}
        width="100%"
        aria-hidden="true"
        className="d-block"
      >
        {days.map((d, i) => {
          const x = i * slot;
          const leadsHeight = (height * d.leads) / max;
          const unlocksHeight = (height * d.unlocks) / max;
          return (
            <g key={d.day}>
              <rect
                x={x}
                y={height - leadsHeight}
                width={bar}
                height={leadsHeight}
                fill="#0d6efd"
              />
              <rect
                x={x + bar}
                y={height - unlocksHeight}
                width={bar}
                height={unlocksHeight}
                fill="#fd7e14"
              />
            </g>
          );
        })}
        <text x={0} y={height + 14} fontSize="11" fill="currentColor">
          {days[0]?.day}
        </text>
        <text x={width} y={height + 14} fontSize="11" fill="currentColor" textAnchor="end">
          {days.at(-1)?.day}
        </text>
      </svg>
      <div className="small mt-1">
        <span className="me-3">
          <span
            className="d-inline-block me-1"
            style={{ width: 10, height: 10, background: '#0d6efd' }}
          />
          {t('leads')}
        </span>
        <span>
          <span
            className="d-inline-block me-1"
            style={{ width: 10, height: 10, background: '#fd7e14' }}
          />
          {t('unlocks')}
        </span>
      </div>
    </>
  );
}

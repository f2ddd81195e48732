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

/** Horizontal bars, one per labelled value, longest first as given; drawn narrow so its text stays readable on a phone. */
export function BarList({ items }: { items: { label: string; value: number }[] }) {
  const t = useT(adminTexts);
  const max = Math.max(1, ...items.map((i) => i.value));
  const rowHeight = 22;
  const labelWidth = 110;
  const width = 320;
  if (items.length === 0) return <p className="text-body-secondary small mb-0">{t('noLeads')}</p>;
  return (
    <svg
      viewBox={`0 0 ${width} ${items.length * rowHeight}`}
      width="100%"
      aria-hidden="true"
      className="d-block"
    >
      {items.map((item, i) => {
        const barWidth = ((width - labelWidth - 56) * item.value) / max;
        const y = i * rowHeight;
        return (
          <g key={item.label}>
            <text x={0} y={y + 15} fontSize="12" fill="currentColor">
              {item.label.length > 16 ? `${item.label.slice(0, 15)}…` : item.label}
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

/** The y-axis ticks of a scale from 0 to `max`: 0, the middle and the top, whole numbers, none repeated. */
export function axisTicks(max: number): number[] {
  return [...new Set([0, Math.round(max / 2), max])];
}

/**
 * One series per day as columns on its own scale, with a y-axis: unlocks are far fewer than leads, and on the leads'
 * scale they vanished. Drawn narrow (300 units) so its text stays about 11 px on a 360 px phone.
 */
function DaySeries({
  series,
  label,
  colour,
  days,
  value,
}: {
  series: string;
  label: string;
  colour: string;
  days: { day: string }[];
  value: (index: number) => number;
}) {
  const height = 90;
  const width = 300;
  const axis = 30;
  const max = Math.max(1, ...days.map((_, i) => value(i)));
  const slot = (width - axis) / Math.max(1, days.length);
  const bar = Math.max(1, slot - 1);
  const y = (v: number) => 6 + height - (height * v) / max;
  return (
    <svg
      viewBox={`0 0 ${width} ${height + 24}`}
      width="100%"
      aria-hidden="true"
      className="d-block mb-2"
      data-testid={`day-series-${series}`}
    >
      <text x={axis} y={0} dy="0.8em" fontSize="11" fill="currentColor" dx="4">
        {label}
      </text>
      {axisTicks(max).map((tick) => (
        <g key={tick} data-testid="y-tick">
          <line x1={axis - 3} x2={width} y1={y(tick)} y2={y(tick)} stroke="#dee2e6" />
          <text
            x={axis - 5}
            y={y(tick)}
            dy="0.35em"
            fontSize="11"
            fill="currentColor"
            textAnchor="end"
          >
            {tick}
          </text>
        </g>
      ))}
      {days.map((d, i) => (
        <rect
          key={d.day}
          x={axis + i * slot}
          y={y(value(i))}
          width={bar}
          height={(height * value(i)) / max}
          fill={colour}
        />
      ))}
      <text x={axis} y={height + 20} fontSize="11" fill="currentColor">
        {days[0]?.day}
      </text>
      <text x={width} y={height + 20} fontSize="11" fill="currentColor" textAnchor="end">
        {days.at(-1)?.day}
      </text>
    </svg>
  );
}

/** Leads and unlocks per day: one chart each, each on its own scale with a y-axis. */
export function DayColumns({ days }: { days: { day: string; leads: number; unlocks: number }[] }) {
  const t = useT(adminTexts);
  return (
    <>
      <DaySeries
        series="leads"
        label={t('leads')}
        colour="#0d6efd"
        days={days}
        value={(i) => days[i]!.leads}
      />
      <DaySeries
        series="unlocks"
        label={t('unlocks')}
        colour="#c35a00"
        days={days}
        value={(i) => days[i]!.unlocks}
      />
    </>
  );
}

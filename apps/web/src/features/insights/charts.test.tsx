// The insights charts: leads and unlocks per day each on their own scale with a y-axis (unlocks no longer vanish on the
// leads' scale), drawn so their text stays readable on a phone.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axisTicks, DayColumns } from './charts';

const days = [
  { day: '2026-11-26', leads: 120, unlocks: 1 },
  { day: '2026-11-27', leads: 60, unlocks: 4 },
];

describe('day columns', () => {
  it('draws unlocks on their own scale, with a y-axis of 0, the middle and the top', () => {
    render(<DayColumns days={days} />);
    const leads = screen.getByTestId('day-series-leads');
    const unlocks = screen.getByTestId('day-series-unlocks');
    const ticks = (chart: HTMLElement) =>
      within(chart)
        .getAllByTestId('y-tick')
        .map((tick) => tick.textContent);
    expect(ticks(leads)).toEqual(['0', '60', '120']);
    expect(ticks(unlocks)).toEqual(['0', '2', '4']);
    // The busiest day's unlocks fill their chart's height like the busiest day's leads fill theirs.
    const heights = (chart: HTMLElement) =>
      [...chart.querySelectorAll('rect')].map((rect) => Number(rect.getAttribute('height')));
    expect(Math.max(...heights(unlocks))).toBe(Math.max(...heights(leads)));
    expect(heights(unlocks)[0]).toBeGreaterThan(0);
  });

  it('keeps its text at least 11 px when the chart is 300 px wide (a 360 px phone)', () => {
    render(<DayColumns days={days} />);
    for (const chart of screen.getAllByTestId(/^day-series-/)) {
      const width = Number(chart.getAttribute('viewBox')!.split(' ')[2]);
      for (const text of chart.querySelectorAll('text'))
        expect((Number(text.getAttribute('font-size')) * 300) / width).toBeGreaterThanOrEqual(11);
    }
  });

  it('labels no tick twice on a small scale', () => {
    expect(axisTicks(1)).toEqual([0, 1]);
    expect(axisTicks(3)).toEqual([0, 2, 3]);
  });
});

// The demo Manufacturer Specifications: same figures for a model every time, spinner, Load again, and the failure text.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { demoSpecs, loadDemoSpecs, type DemoSpec } from './demo-specs';
import { ManufacturerSpecs } from './manufacturer-specs';

const swift = {
  brand: 'maruti_suzuki',
  model: 'Swift',
  fuelType: 'petrol',
  transmission: 'manual',
  seats: 5,
};

function renderSpecs(load: (lead: typeof swift) => Promise<DemoSpec[]>) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ManufacturerSpecs lead={swift} load={load} />
    </QueryClientProvider>,
  );
}

describe('demo specifications', () => {
  it('are the same for a model every time, and differ between models', () => {
    expect(demoSpecs(swift)).toEqual(demoSpecs({ ...swift }));
    expect(demoSpecs({ ...swift, model: 'SWIFT' }).slice(1)).toEqual(demoSpecs(swift).slice(1));
    expect(demoSpecs({ ...swift, brand: 'hyundai', model: 'Creta' })).not.toEqual(demoSpecs(swift));
    expect(demoSpecs(swift)[0]).toEqual({ label: 'Make and Model', value: 'Maruti Suzuki Swift' });
  });

  it('describe an electric car with range and battery', () => {
    const labels = demoSpecs({ ...swift, model: 'Nexon EV', fuelType: 'electric' }).map(
      (s) => s.label,
    );
    expect(labels).toContain('Range');
    expect(labels).toContain('Battery');
  });

  it("never contradict the card: fuel, gearbox and seats are the lead's, sizes follow the catalogue", () => {
    const value = (specs: DemoSpec[], label: string) => specs.find((s) => s.label === label)?.value;
    const eletre = demoSpecs({
      brand: 'lotus',
      model: 'Eletre',
      fuelType: 'electric',
      transmission: 'automatic',
      seats: 5,
    });
    expect(value(eletre, 'Engine')).toBe('Electric motor');
    expect(value(eletre, 'Transmission')).toBe('Single-speed automatic');
    expect(value(eletre, 'Fuel Type')).toBe('Electric');
    expect(value(eletre, 'Seating Capacity')).toBe('5 Seater');
    expect(value(eletre, 'Mileage')).toBeUndefined();
    expect(Number(value(eletre, 'Max Power')?.replace(' bhp', ''))).toBeGreaterThanOrEqual(600);

    const amt = demoSpecs({ ...swift, varient: 'VXi AMT', transmission: 'automatic' });
    expect(value(amt, 'Transmission')).toBe('5-speed AMT');
    expect(value(demoSpecs(swift), 'Transmission')).toMatch(/manual$/);
    const city = { brand: 'honda', model: 'City', seats: 5, fuelType: 'petrol' };
    expect(
      value(demoSpecs({ ...city, varient: 'V CVT', transmission: 'automatic' }), 'Transmission'),
    ).toBe('CVT');
    expect(value(demoSpecs({ ...city, transmission: 'imt' }), 'Transmission')).toBe('6-speed iMT');

    const ferrari = demoSpecs({
      brand: 'ferrari',
      model: 'Roma',
      fuelType: 'petrol',
      transmission: 'automatic',
      seats: 4,
    });
    expect(Number(value(ferrari, 'Engine')?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(3800);
    expect(value(ferrari, 'Body Type')).toBe('Coupe');
    expect(value(ferrari, 'Seating Capacity')).toBe('4 Seater');
    const innova = demoSpecs({
      brand: 'toyota',
      model: 'Innova Crysta',
      fuelType: 'diesel',
      transmission: 'manual',
      seats: 8,
    });
    expect(value(innova, 'Fuel Type')).toBe('Diesel');
    expect(value(innova, 'Seating Capacity')).toBe('8 Seater');
    expect(value(innova, 'Body Type')).toBe('MUV');
  });

  it('arrive after the simulated 2-second delay', async () => {
    vi.useFakeTimers();
    try {
      let done = false;
      const pending = loadDemoSpecs(swift).then((specs) => {
        done = true;
        return specs;
      });
      await vi.advanceTimersByTimeAsync(1999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toEqual(demoSpecs(swift));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the Manufacturer Specifications card', () => {
  it('loads on its own with a spinner, then lists the figures; Load asks again', async () => {
    const load = vi.fn(() => Promise.resolve(demoSpecs(swift)));
    renderSpecs(load);
    expect(screen.getByRole('status')).toHaveTextContent('Loading specifications...');
    expect(await screen.findByText('Make and Model')).toBeInTheDocument();
    expect(screen.getByText('Demo content')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load' }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("says 'Failed to fetch specifications. Please try again.' on failure, and Load tries again", async () => {
    const load = vi
      .fn<(lead: typeof swift) => Promise<DemoSpec[]>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce(demoSpecs(swift));
    renderSpecs(load);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch specifications. Please try again.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load' }));
    const region = screen.getByRole('region', { name: 'Manufacturer Specifications' });
    expect(await within(region).findByText('Make and Model')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

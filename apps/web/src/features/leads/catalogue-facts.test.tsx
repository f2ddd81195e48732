// The lead's catalogue facts: only what the catalogue holds for the model, year and trim (no invented figures), and the
// market guide for cars like it.
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Lead } from '@dealerleads/shared';
import { createQueryClient } from '../../lib/query-client';
import { http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { CatalogueFacts } from './catalogue-facts';

const creta: Lead = {
  id: 7,
  fullName: 'Rahul S.',
  phoneNumber: 'XXXXXXX210',
  city: 'Noida',
  brand: 'hyundai',
  model: 'Creta',
  varient: 'SX',
  rto: 'UP',
  year: 2019,
  fuelType: 'diesel',
  ownerName: 'first',
  transmission: 'manual',
  seats: 5,
  price: 900_000,
  kmDriven: 60_000,
  status: true,
  createdOn: '2026-11-20T10:00:00.000Z',
  listingStatus: 'open',
  unlocked: false,
  unlockCount: 0,
  maxDealers: 5,
  marketPrice: null,
  priceVsMarket: null,
  phoneVerified: false,
  verifiedOn: null,
  photos: [],
};

const guide = { low: 820_000, median: 880_000, high: 960_000, comparables: 31, confidence: 'high' };

setupFakeApi(http.get('/api/price-guide', () => HttpResponse.json(guide)));

function renderFacts(lead: Lead) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <CatalogueFacts lead={lead} />
    </QueryClientProvider>,
  );
}

describe('catalogue facts', () => {
  it("shows the catalogue's facts for the model and year, and no made-up specifications", async () => {
    const { container } = renderFacts(creta);
    expect(screen.getByRole('heading', { name: 'About the Hyundai Creta' })).toBeInTheDocument();
    const field = (label: string) =>
      container.querySelector(`[data-field="${label}"]`)?.textContent;
    expect(field('Body')).toBe('SUV');
    // 2019 is the first generation: no EX, S(O) or SX Tech yet.
    expect(field('Trims in 2019')).toBe('E, S, SX, SX(O)');
    expect(field('Fuels')).toBe('Petrol, Diesel');
    expect(field('New price today')).toBe('₹11 lakh – ₹20 lakh');
    expect(container.textContent).not.toMatch(/\bcc\b|Nm|Torque|Tank|bhp|kmpl|Demo content/i);
    expect(await screen.findByTestId('market-guide')).toHaveTextContent(
      'Cars like yours: ₹8.2–9.6 lakh',
    );
  });

  it('says so for a model outside the catalogue, inventing nothing', () => {
    renderFacts({ ...creta, brand: 'hyundai', model: 'Imaginary' });
    expect(screen.getByText('This model is not in our catalogue.')).toBeInTheDocument();
  });
});

// The market price guide of a car (GET /api/price-guide): its fetcher, query and the line the wizard, the owner's page
// and a lead's page show ('Cars like yours: ₹4.2–4.8 lakh').
import { queryOptions, useQuery } from '@tanstack/react-query';
import { priceGuideLine, type PriceGuide } from '@dealerleads/shared';
import { api } from '../lib/api-client';

/** The car the guide is for: catalogue values as the wizard and leads hold them. */
export interface GuideCar {
  brand: string;
  model: string;
  year: number;
  fuelType?: string | undefined;
  transmission?: string | undefined;
  kmDriven?: number | null | undefined;
}

export function getPriceGuide(car: GuideCar, signal?: AbortSignal): Promise<PriceGuide> {
  return api.get<PriceGuide>('/price-guide', {
    query: {
      brand: car.brand,
      model: car.model,
      year: car.year,
      fuelType: car.fuelType,
      transmission: car.transmission,
      kmDriven: car.kmDriven ?? undefined,
    },
    anonymous: true,
    // A car half filled in is refused quietly: the line just does not show.
    handleErrors: true,
    ...(signal ? { signal } : {}),
  });
}

export function priceGuideQueryOptions(car: GuideCar) {
  return queryOptions({
    queryKey: ['price-guide', car] as const,
    queryFn: ({ signal }) => getPriceGuide(car, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** 'Cars like yours: ₹4.2–4.8 lakh' once the guide has figures for the car; nothing otherwise (or without a car). */
export function MarketGuideLine({ car }: { car: GuideCar | undefined }) {
  const guide = useQuery({
    ...priceGuideQueryOptions(car ?? { brand: '', model: '', year: 0 }),
    enabled: car !== undefined,
  });
  const line = guide.data ? priceGuideLine(guide.data) : undefined;
  if (!car || !line) return null;
  return (
    <p className="form-text mb-0" data-testid="market-guide">
      {line}
    </p>
  );
}

// What the market guide says of a submitted price (design.md §11.2): far outside it is refused with the plausible
// range, outside its low–high goes to moderation, when the guide has enough comparables to judge by.
import type { PriceGuide } from '@dealerleads/shared';
import { priceRangeMessage } from '@dealerleads/shared/catalogues';

/** Below a fifth of the guide's low, or above this many times its high: not a price that car can fetch. */
const REFUSE_BELOW_SHARE = 1 / 5;
const REFUSE_ABOVE_TIMES = 3;

export interface PriceJudgement {
  /** The refusal, naming the plausible range. */
  refusal?: string;
  /** Outside the guide's low–high: moderation flags it. */
  offMarket: boolean;
  /** The guide's figures as the lead keeps them (null columns without a guide). */
  columns: { market_low: number | null; market_median: number | null; market_high: number | null };
}

const NO_GUIDE = { market_low: null, market_median: null, market_high: null };

/**
 * `bounds` are the catalogue's (priceBounds), which the schema already held the price to; the refusal's range is the
 * part of them the guide leaves plausible.
 */
export { NO_GUIDE };

export function judgePrice(
  price: number,
  guide: PriceGuide,
  bounds: readonly [number, number],
  car: string,
): PriceJudgement {
  if (guide.low === null || guide.median === null || guide.high === null)
    return { offMarket: false, columns: NO_GUIDE };
  const columns = { market_low: guide.low, market_median: guide.median, market_high: guide.high };
  const lowest = Math.max(bounds[0], Math.ceil((guide.low * REFUSE_BELOW_SHARE) / 1_000) * 1_000);
  const highest = Math.min(
    bounds[1],
    Math.floor((guide.high * REFUSE_ABOVE_TIMES) / 1_000) * 1_000,
  );
  if (price < lowest || price > highest)
    return { refusal: priceRangeMessage(car, [lowest, highest]), offMarket: true, columns };
  const sure = guide.confidence === 'high' || guide.confidence === 'medium';
  return { offMarket: sure && (price < guide.low || price > guide.high), columns };
}

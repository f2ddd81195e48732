// The lead's JSON as a dealer's page shows it, written from the columns held byte for byte as toLead and leadJson
// would (lead-columns.ts has the one list of shown columns), and the price guide's read of a model's leads.
import { priceVsMarket } from '@dealerleads/shared';
import type { JsonBytes } from '../../../lib/json-bytes';
import { RoaringBitmap32 } from './bitmaps';
import { sampleStep } from './cover-column';
import type { ModelLead } from './lead-columns';
import type { LeadStore } from './lead-store';
import { SHOWN } from './lead-columns';

const DAY_MS = 86_400_000;
/** 'YYYY-MM-DDT' of recent days in UTF-8, by day since 1970 (a few hundred days in a marketplace's list; cleared when full). */
const dayPrefixes = new Map<number, Buffer>();

/**
 * Writes the time as Date's toISOString does, in a fraction of the time: the day's part is remembered, the time of day
 * is written from integers.
 */
export function writeIsoTime(ms: number, out: JsonBytes): void {
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    const text = new Date(day * DAY_MS).toISOString().slice(0, 11);
    // Years before 0 or past 9999 have a longer form: left to Date.
    if (text.length !== 11 || text[10] !== 'T') return out.ascii(new Date(ms).toISOString());
    if (dayPrefixes.size >= 4096) dayPrefixes.clear();
    prefix = Buffer.from(text);
    dayPrefixes.set(day, prefix);
  }
  let rest = ms - day * DAY_MS;
  const millis = rest % 1000;
  rest = (rest - millis) / 1000;
  const seconds = rest % 60;
  rest = (rest - seconds) / 60;
  const minutes = rest % 60;
  out.bytes(prefix);
  out.digits((rest - minutes) / 60, 2);
  out.ascii(':');
  out.digits(minutes, 2);
  out.ascii(':');
  out.digits(seconds, 2);
  out.ascii('.');
  out.digits(millis, 3);
  out.ascii('Z');
}

/**
 * Writes the lead as a dealer who has not unlocked it sees it (`leadJson(toLead(row, false, maxDealers))`, byte for
 * byte: held by a test) from the columns, without an object or a string per lead (each value's JSON kept per code),
 * its owner's name shortened and phone number masked (the engine never holds either in full for a page). False,
 * writing nothing, when the lead is not held, is off the list, or has a creation time not held as written (another
 * format): then its row is read from the database.
 */
export function writeShown(
  store: LeadStore,
  id: number,
  maxDealers: number,
  out: JsonBytes,
): boolean {
  if (!store.active.has(id) || !store.createdOnAsWritten.has(id) || store.verifiedOnOther.has(id))
    return false;
  const createdOn = store.shown.createdOn.valueOf(id);
  if (createdOn === null) return false;
  out.bytes(SHOWN.id);
  out.number(id);
  store.shownNames.writeJson(id, out);
  const { city, brand, model, varient, fuelType, ownerName, transmission, rto, year, seats } =
    store.shown;
  const { price, kmDriven, unlockCount } = store.shown;
  store.maskedPhones.writeJson(id, out);
  city.writeJson(id, out);
  brand.writeJson(id, out);
  model.writeJson(id, out);
  varient.writeJson(id, out);
  rto.writeJson(id, out);
  year.writeJson(id, out);
  fuelType.writeJson(id, out);
  ownerName.writeJson(id, out);
  transmission.writeJson(id, out);
  seats.writeJson(id, out);
  // A range column holds finite numbers or null.
  out.bytes(SHOWN.price);
  out.number(price.valueOf(id));
  out.bytes(SHOWN.kmDriven);
  out.number(kmDriven.valueOf(id));
  out.bytes(SHOWN.createdOn);
  writeIsoTime(createdOn, out);
  out.ascii('"');
  store.listingStatuses.writeJson(id, out);
  out.bytes(SHOWN.unlockCount);
  out.number(unlockCount.valueOf(id));
  out.bytes(SHOWN.maxDealers);
  out.number(maxDealers);
  store.covers.writeJson(id, out);
  const figures = store.guide.figures(id);
  if (figures === undefined) out.bytes(SHOWN.noMarket);
  else {
    const [low, median, high] = figures;
    out.bytes(SHOWN.marketLow);
    out.number(low);
    out.bytes(SHOWN.marketMedian);
    out.number(median);
    out.bytes(SHOWN.marketHigh);
    out.number(high);
    out.bytes(SHOWN.priceVsMarket);
    const versus = priceVsMarket(price.valueOf(id) ?? 0, median);
    if (versus === null) out.ascii('null');
    else out.number(versus);
  }
  // verifiedOnOther leaves here only leads verified at their creation time, or not verified.
  if (store.shown.phoneVerified.keyOf(id) !== 1) {
    out.bytes(SHOWN.unverified);
    return true;
  }
  out.bytes(SHOWN.verifiedOn);
  writeIsoTime(createdOn, out);
  out.bytes(SHOWN.verifiedEnd);
  return true;
}

/**
 * The active leads of a model in `years`, as the price guide compares them (modules/price-guide), at most `perYear` of
 * each year (sampleStep): read from the columns held, so the guide follows every lead write the list follows.
 */
export function modelLeads(
  store: LeadStore,
  brand: string,
  model: string,
  years: readonly number[],
  perYear: number,
): ModelLead[] {
  const { brand: brands, model: models, year: yearColumn } = store.shown;
  const { fuelType, transmission, kmDriven, price } = store.shown;
  const ofBrand = brands.bitmap(brand);
  const ofModel = models.bitmap(model);
  if (ofBrand === undefined || ofModel === undefined) return [];
  const found: ModelLead[] = [];
  for (const year of years) {
    const ofYear = yearColumn.bitmap(year);
    if (ofYear === undefined) continue;
    const ids = RoaringBitmap32.and(ofModel, ofYear);
    ids.andInPlace(ofBrand);
    ids.andInPlace(store.active);
    const held = ids.toUint32Array();
    const step = sampleStep(held.length, perYear);
    for (let at = 0; at < held.length; at += step) {
      const id = held[at]!;
      const asked = price.valueOf(id);
      if (asked === null) continue;
      found.push({
        year,
        fuelType: String(fuelType.keyOf(id) ?? ''),
        transmission: String(transmission.keyOf(id) ?? ''),
        kmDriven: kmDriven.valueOf(id),
        price: asked,
      });
    }
    ids.dispose();
  }
  return found;
}

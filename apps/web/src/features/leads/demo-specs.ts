// Manufacturer Specifications demo: plausible figures after a simulated 2-second delay, the same every time for a model,
// shaped by the vehicle catalogue and agreeing with the lead's own fuel, gearbox and seats.
import { mulberry32, UI } from '@dealerleads/shared';
import { findModel, type BodyType, type Segment } from '@dealerleads/shared/catalogues';
import { abortableDelay } from '../../lib/abortable-delay';
import { brandLabel, formatSeats, fuelLabel } from './lead-format';

export interface DemoSpec {
  label: string;
  value: string;
}

export interface DemoSpecInput {
  brand: string;
  model: string;
  varient?: string | null;
  fuelType: string;
  transmission: string;
  seats: number;
}

/** FNV-1a: a stable 32-bit seed from the model's name. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The shared seeded generator, so a model always gets the same figures (the spec's were random). */
function seeded(seed: number) {
  const next = mulberry32(seed);
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

const grouped = (n: number) => n.toLocaleString('en-IN');

type Spread = readonly [number, number];

/** Figures by segment: engine sizes (cc), power per litre, electric power (bhp) and petrol economy (kmpl). */
const BY_SEGMENT: Readonly<
  Record<
    Segment,
    {
      cc: readonly number[];
      bhpPerLitre: Spread;
      electricBhp: Spread;
      kmpl: Spread;
      airbags: readonly number[];
    }
  >
> = {
  entry: {
    cc: [796, 998, 1197],
    bhpPerLitre: [62, 70],
    electricBhp: [40, 75],
    kmpl: [20, 25],
    airbags: [2, 2, 6],
  },
  compact: {
    cc: [1197, 1199, 1198, 1248],
    bhpPerLitre: [68, 82],
    electricBhp: [55, 130],
    kmpl: [18, 23],
    airbags: [2, 6, 6],
  },
  mid: {
    cc: [1482, 1493, 1497, 1498],
    bhpPerLitre: [75, 105],
    electricBhp: [125, 175],
    kmpl: [15, 20],
    airbags: [6, 6],
  },
  premium: {
    cc: [1987, 1998, 2393, 2694, 2755],
    bhpPerLitre: [70, 95],
    electricBhp: [170, 300],
    kmpl: [11, 16],
    airbags: [6, 7],
  },
  luxury: {
    cc: [1984, 1998, 2993, 2995, 3996],
    bhpPerLitre: [95, 140],
    electricBhp: [300, 520],
    kmpl: [9, 15],
    airbags: [6, 8, 10],
  },
  exotic: {
    cc: [3855, 3902, 3996, 5204, 6498, 6749],
    bhpPerLitre: [110, 165],
    electricBhp: [600, 900],
    kmpl: [5, 9],
    airbags: [4, 6, 8],
  },
};

const BODY_LABELS: Readonly<Record<BodyType, string>> = {
  hatchback: 'Hatchback',
  sedan: 'Sedan',
  suv: 'SUV',
  muv: 'MUV',
  pickup: 'Pickup',
  coupe: 'Coupe',
  convertible: 'Convertible',
  van: 'Van',
};

/** Length (mm) and height (mm) of a body style. */
const BODY_SIZE: Readonly<Record<BodyType, { length: Spread; height: Spread; clearance: Spread }>> =
  {
    hatchback: { length: [3495, 3995], height: [1480, 1560], clearance: [165, 180] },
    sedan: { length: [3990, 5250], height: [1440, 1500], clearance: [150, 170] },
    suv: { length: [3985, 5050], height: [1600, 1900], clearance: [190, 230] },
    muv: { length: [4390, 5100], height: [1680, 1800], clearance: [170, 200] },
    pickup: { length: [5200, 5350], height: [1780, 1860], clearance: [210, 235] },
    coupe: { length: [4300, 4750], height: [1180, 1300], clearance: [100, 125] },
    convertible: { length: [3850, 4700], height: [1400, 1420], clearance: [130, 150] },
    van: { length: [4900, 5400], height: [1950, 2050], clearance: [180, 195] },
  };

/** The gearbox an automatic has: what its variant's name says, else what its segment usually has. */
function automaticGearbox(
  variant: string,
  segment: Segment,
  fuelType: string,
  pick: <T>(list: readonly T[]) => T,
) {
  if (fuelType === 'hybrid') return 'e-CVT';
  if (/\bCVT\b/.test(variant)) return 'CVT';
  if (/\b(AMT|AGS|EASY-R|XZA|XMA|XTA)\b/.test(variant)) return '5-speed AMT';
  if (/\b(DCT|DSG)\b/.test(variant)) return '7-speed DCT';
  if (segment === 'entry') return '5-speed AMT';
  if (segment === 'compact') return pick(['5-speed AMT', 'CVT', '6-speed automatic']);
  if (segment === 'mid') return pick(['CVT', '6-speed automatic', '7-speed DCT']);
  if (segment === 'exotic') return pick(['7-speed dual-clutch', '8-speed dual-clutch']);
  return pick(['8-speed automatic', '9-speed automatic']);
}

/**
 * The demo figures for a lead: seeded by its model (the same every time), shaped by the catalogue's segment and body,
 * and never contradicting the lead: its fuel, gearbox and seats are the ones shown. Throws when there is no model.
 */
export function demoSpecs(lead: DemoSpecInput): DemoSpec[] {
  const modelName = lead.model.trim();
  if (modelName === '') throw new Error('A model is needed for specifications');
  const random = seeded(hash(`${lead.brand.toLowerCase()}|${modelName.toLowerCase()}`));
  const within = ([min, max]: Spread) => random.int(min, max);
  const model = findModel(lead.brand, modelName);
  const segment: Segment = model?.segment ?? 'compact';
  const body: BodyType = model?.body ?? (lead.seats >= 7 ? 'muv' : 'sedan');
  const figures = BY_SEGMENT[segment];
  const size = BODY_SIZE[body];
  const electric = lead.fuelType === 'electric';
  const cc =
    random.pick(figures.cc) + (lead.fuelType === 'diesel' && segment !== 'exotic' ? 200 : 0);
  const power = electric
    ? within(figures.electricBhp)
    : Math.round((cc / 1000) * within(figures.bhpPerLitre));
  const torque = electric
    ? Math.round(power * (1.6 + random.int(0, 6) / 10))
    : Math.round(
        (cc / 1000) * (lead.fuelType === 'diesel' ? random.int(170, 230) : random.int(95, 130)),
      );
  const gearbox = electric
    ? 'Single-speed automatic'
    : lead.transmission === 'imt'
      ? '6-speed iMT'
      : lead.transmission === 'automatic'
        ? automaticGearbox(lead.varient ?? '', segment, lead.fuelType, random.pick)
        : segment === 'entry' || segment === 'compact'
          ? '5-speed manual'
          : '6-speed manual';
  const [low, high] = figures.kmpl;
  const economy: Record<string, string> = {
    electric: `${random.int(230, 520)} km range (claimed)`,
    cng: `${random.int(low + 5, high + 8)} km/kg`,
    diesel: `${random.int(low + 3, high + 4)} kmpl`,
    hybrid: `${random.int(Math.max(low, 18), Math.max(high, 18) + 6)} kmpl`,
  };

  return [
    { label: 'Make and Model', value: `${brandLabel(lead.brand)} ${modelName}` },
    { label: 'Body Type', value: BODY_LABELS[body] },
    { label: 'Fuel Type', value: fuelLabel(lead.fuelType) },
    { label: 'Engine', value: electric ? 'Electric motor' : `${grouped(cc)} cc` },
    { label: 'Max Power', value: `${power} bhp` },
    { label: 'Max Torque', value: `${torque} Nm` },
    { label: 'Transmission', value: gearbox },
    { label: 'Seating Capacity', value: formatSeats(lead.seats) },
    {
      label: electric ? 'Range' : 'Mileage',
      value: economy[lead.fuelType] ?? `${random.int(low, high)} kmpl`,
    },
    {
      label: electric ? 'Battery' : 'Fuel Tank',
      value: electric
        ? `${random.int(25, segment === 'luxury' || segment === 'exotic' ? 110 : 80)} kWh`
        : `${random.int(32, segment === 'entry' ? 40 : 80)} L`,
    },
    {
      label: 'Length × Height',
      value: `${grouped(within(size.length))} × ${grouped(within(size.height))} mm`,
    },
    { label: 'Ground Clearance', value: `${within(size.clearance)} mm` },
    { label: 'Airbags', value: String(random.pick(figures.airbags)) },
  ];
}

/** The demo "request": no call is made (docs/screens.md); the figures come after the simulated delay. */
export async function loadDemoSpecs(
  lead: DemoSpecInput,
  signal?: AbortSignal,
): Promise<DemoSpec[]> {
  await abortableDelay(UI.demoSpecsDelayMs, signal);
  return demoSpecs(lead);
}

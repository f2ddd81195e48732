// Manufacturer Specifications demo (spec §1, §4): plausible figures after a simulated 2-second delay, the same every time for a model.
import { mulberry32, UI } from '@dealerleads/shared';
import { abortableDelay } from '../../lib/abortable-delay';
import { brandLabel } from './lead-format';

export interface DemoSpec {
  label: string;
  value: string;
}

export interface DemoSpecInput {
  brand: string;
  model: string;
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

/** The demo figures for a lead's model; throws when there is no model to describe. */
export function demoSpecs(lead: DemoSpecInput): DemoSpec[] {
  const model = lead.model.trim();
  if (model === '') throw new Error('A model is needed for specifications');
  const random = seeded(hash(`${lead.brand.toLowerCase()}|${model.toLowerCase()}`));
  const large = lead.seats >= 7;
  const electric = lead.fuelType === 'electric';
  const cc = large
    ? random.pick([1956, 1997, 2179, 2184, 2393, 2487, 2755])
    : random.pick([998, 1197, 1199, 1462, 1482, 1493, 1497, 1498]);
  const litres = cc / 1000;
  const power = electric ? random.int(100, 210) : Math.round(litres * random.int(68, 96));
  const torque = electric
    ? random.int(190, 350)
    : Math.round(
        litres * (lead.fuelType === 'diesel' ? random.int(170, 230) : random.int(90, 125)),
      );
  const gearbox = electric
    ? 'Single-speed automatic'
    : lead.transmission === 'automatic'
      ? random.pick(['CVT', '6-speed automatic', '7-speed DCT', '8-speed automatic'])
      : lead.transmission === 'imt'
        ? '6-speed iMT'
        : random.pick(['5-speed manual', '6-speed manual']);
  const economy: Record<string, string> = {
    electric: `${random.int(300, 520)} km range (claimed)`,
    cng: `${random.int(24, 33)} km/kg`,
    diesel: `${random.int(17, 25)} kmpl`,
    hybrid: `${random.int(22, 28)} kmpl`,
  };
  const length = large ? random.int(4400, 4950) : random.int(3700, 4600);

  return [
    { label: 'Make and Model', value: `${brandLabel(lead.brand)} ${model}` },
    { label: 'Engine', value: electric ? 'Electric motor' : `${grouped(cc)} cc` },
    { label: 'Max Power', value: `${power} bhp` },
    { label: 'Max Torque', value: `${torque} Nm` },
    { label: 'Transmission', value: gearbox },
    {
      label: electric ? 'Range' : 'Mileage',
      value: economy[lead.fuelType] ?? `${random.int(14, 21)} kmpl`,
    },
    {
      label: electric ? 'Battery' : 'Fuel Tank',
      value: electric ? `${random.int(30, 80)} kWh` : `${random.int(35, 70)} L`,
    },
    {
      label: 'Length × Width × Height',
      value: `${grouped(length)} × ${grouped(random.int(1680, 1930))} × ${grouped(random.int(1480, 1830))} mm`,
    },
    { label: 'Wheelbase', value: `${grouped(random.int(2400, 2900))} mm` },
    { label: 'Ground Clearance', value: `${random.int(165, 215)} mm` },
    { label: 'Boot Space', value: `${random.int(large ? 180 : 260, large ? 300 : 520)} L` },
    { label: 'Airbags', value: String(random.pick([2, 2, 6, 6, 6, 7])) },
    { label: 'Safety Rating', value: `${random.int(3, 5)} stars (demo)` },
  ];
}

/** The demo "request": no call is made (spec §1); the figures come after the simulated delay. */
export async function loadDemoSpecs(
  lead: DemoSpecInput,
  signal?: AbortSignal,
): Promise<DemoSpec[]> {
  await abortableDelay(UI.demoSpecsDelayMs, signal);
  return demoSpecs(lead);
}

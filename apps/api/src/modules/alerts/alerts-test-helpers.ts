// What the alert tests submit through the wizard's API: a Hyundai Creta in Panipat unless told otherwise, each with a
// fresh phone number.

let phone = 0;
/** Phone numbers moderation takes for real: no runs, no repeats. */
export function nextPhone(): string {
  phone += 1;
  return `7${String(304_918_273 + phone * 1_000_003).slice(-9)}`;
}

export function submission(overrides: Record<string, unknown> = {}) {
  return {
    year: 2019,
    brand: 'hyundai',
    model: 'Creta',
    ownerType: 'first',
    transmission: 'manual',
    fuelType: 'petrol',
    seats: 5,
    fullName: 'Owner Name',
    city: 'Panipat',
    phoneNumber: nextPhone(),
    price: 1_050_000,
    consent: true,
    ...overrides,
  };
}

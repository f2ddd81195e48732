// canonicalLeadFilter: the catalogue spelling of a variant, whatever the spelling asked, with or without its model.
import { describe, expect, it } from 'vitest';
import { canonicalLeadFilter } from './lead-filters';

const page = { pageNumber: 1, pageSize: 10 };

describe('canonical lead filter', () => {
  it('spells a variant as the catalogue does, from any model or from the one named', () => {
    expect(canonicalLeadFilter({ ...page, varient: 'vxi amt' }, false).varient).toBe('VXi AMT');
    expect(canonicalLeadFilter({ ...page, varient: 'ZETA' }, false).varient).toBe('Zeta');
    expect(
      canonicalLeadFilter(
        { ...page, brand: 'maruti_suzuki', model: 'Swift', varient: 'zxi' },
        false,
      ).varient,
    ).toBe('ZXi');
    // Not in the catalogue: kept as asked (it matches nothing).
    expect(canonicalLeadFilter({ ...page, varient: 'Turbo Max' }, false).varient).toBe('Turbo Max');
  });
});

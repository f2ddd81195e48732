// Leads through real HTTP on each engine: filters and bands, paging, masking, detail, admin edit, the wizard submission.
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, leadWizardMessages, textMessages, type Lead, type Pagination } from '@dealerleads/shared';
import {
  bearer,
  createTestApp,
  json,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from '../../test/test-app';
import { createLeads } from '../../test/fixtures';

describe.each(testEngines())('leads on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin, dealer } = useMembers(ctx, { admin: { role: 'Admin' }, dealer: {} });
  let ids: { id: number; phone: string }[];

  beforeAll(async () => {
    ids = await createLeads(ctx, [
      {
        brand: 'maruti_suzuki',
        model: 'Swift',
        varient: 'VXi',
        city: 'Gurugram',
        rto: 'HR',
        year: 2019,
        price: 550_000,
        km_driven: 42_000,
        fuel_type: 'petrol',
        owner_name: 'first',
        transmission: 'manual',
        seats: 5,
        full_name: 'Amit Verma',
      },
      {
        brand: 'hyundai',
        model: 'Creta',
        varient: 'SX',
        city: 'Noida',
        rto: 'UP',
        year: 2021,
        price: 1_250_000,
        km_driven: 25_000,
        fuel_type: 'diesel',
        owner_name: 'second',
        transmission: 'automatic',
        seats: 5,
        full_name: 'Sunita Rao',
      },
      {
        brand: 'toyota',
        model: 'Innova Crysta',
        varient: 'GX',
        city: 'New Delhi',
        rto: 'DL',
        year: 2017,
        price: 1_500_000,
        km_driven: 98_000,
        fuel_type: 'diesel',
        owner_name: 'third',
        transmission: 'manual',
        seats: 7,
        full_name: 'Harpreet Singh',
      },
      {
        brand: 'maruti_suzuki',
        model: 'Baleno',
        varient: 'Zeta',
        city: 'Gurugram',
        rto: 'HR',
        year: 2020,
        price: 600_000,
        km_driven: 105_000,
        fuel_type: 'cng',
        owner_name: 'first',
        transmission: 'manual',
        seats: 5,
        full_name: 'Kavita Jain',
      },
      {
        brand: 'hyundai',
        model: 'Creta',
        varient: 'E',
        city: 'Faridabad',
        rto: 'HR',
        year: 2018,
        price: 900_000,
        km_driven: 60_000,
        fuel_type: 'petrol',
        owner_name: 'first',
        transmission: 'manual',
        seats: 5,
        full_name: 'Hidden Inactive',
        status: 0,
      },
    ]);
  });

  async function list(query: string, who?: TestMember) {
    const res = await ctx.app.inject({ url: `/api/leads${query}`, headers: bearer(who) });
    expect(res.statusCode, res.body).toBe(200);
    return {
      leads: json<Lead[]>(res),
      pagination: JSON.parse(res.headers.pagination as string) as Pagination,
      raw: res.body,
    };
  }

  it('lists active leads newest first with the Pagination header', async () => {
    const { leads, pagination } = await list('');
    expect(leads.map((l) => l.id)).toEqual([ids[3]!.id, ids[2]!.id, ids[1]!.id, ids[0]!.id]);
    expect(pagination).toEqual({ currentPage: 1, itemsPerPage: 60, totalItems: 4, totalPages: 1 });
  });

  it('shows inactive leads to Admin only', async () => {
    expect((await list('', admin)).leads).toHaveLength(5);
    expect((await list('', dealer)).leads).toHaveLength(4);
    const hidden = await ctx.app.inject({
      url: `/api/leads/${ids[4]!.id}`,
      headers: bearer(dealer),
    });
    expect(hidden.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/leads/${ids[4]!.id}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
  });

  it('gzips a page for a client that accepts it, in one piece of known length', async () => {
    const plain = await list('', dealer);
    const res = await ctx.app.inject({
      url: '/api/leads',
      headers: { ...bearer(dealer), 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    // Compressed in one call, not streamed: its length is known (no chunked encoding).
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(gunzipSync(res.rawPayload).toString()).toBe(plain.raw);
  });

  it('pages with pageNumber and pageSize', async () => {
    const { leads, pagination } = await list('?pageNumber=2&pageSize=3');
    expect(leads.map((l) => l.id)).toEqual([ids[0]!.id]);
    expect(pagination).toEqual({ currentPage: 2, itemsPerPage: 3, totalItems: 4, totalPages: 2 });
  });

  const filters: [string, (l: Lead) => boolean, number][] = [
    ['?city=gurugram', (l) => l.city === 'Gurugram', 2],
    ['?brand=Maruti%20Suzuki', (l) => l.brand === 'maruti_suzuki', 2],
    ['?brand=hyundai&model=creta', (l) => l.model === 'Creta', 1],
    ['?varient=gx', (l) => l.varient === 'GX', 1],
    ['?fuel=Diesel', (l) => l.fuelType === 'diesel', 2],
    ['?ownerName=First%20Owner', (l) => l.ownerName === 'first', 2],
    ['?transmission=automatic', (l) => l.transmission === 'automatic', 1],
    ['?rto=hr', (l) => l.rto === 'HR', 2],
    ['?year=2017', (l) => l.year === 2017, 1],
    ['?seats=7', (l) => l.seats === 7, 1],
    ['?price=500000-649999', (l) => l.price >= 500_000 && l.price <= 649_999, 2],
    ['?price=1250000-', (l) => l.price >= 1_250_000, 2],
    [
      '?KmDriven=20000-49999',
      (l) => (l.kmDriven ?? -1) >= 20_000 && (l.kmDriven ?? 0) <= 49_999,
      2,
    ],
    ['?KmDriven=100000-', (l) => (l.kmDriven ?? 0) >= 100_000, 1],
    ['?searchterm=cret', (l) => l.model === 'Creta', 1],
    // Owners' names are not searched (they are not shown in full before an unlock).
    ['?searchterm=SINGH', () => false, 0],
    ['?searchterm=hyundai%20creta', (l) => l.model === 'Creta', 1],
    ['?searchterm=creta%20diesel', (l) => l.model === 'Creta' && l.fuelType === 'diesel', 1],
    [
      '?searchterm=maruti%20gurugram',
      (l) => l.brand === 'maruti_suzuki' && l.city === 'Gurugram',
      2,
    ],
    ['?city=Gurugram,Noida', (l) => ['Gurugram', 'Noida'].includes(l.city), 3],
    ['?year=2019-', (l) => l.year >= 2019, 3],
    ['?year=-2018', (l) => l.year <= 2018, 1],
    ['?year=2017,2021', (l) => l.year === 2017 || l.year === 2021, 2],
    ['?price=-600000', (l) => l.price <= 600_000, 2],
    [
      '?city=Gurugram&fuel=cng&price=550000-650000&KmDriven=100000-',
      (l) => l.model === 'Baleno',
      1,
    ],
    ['?searchterm=100%25', () => false, 0],
    [
      '?searchterm=ba',
      (l) => /ba/i.test(`${l.city} ${l.brand} ${l.model} ${l.varient ?? ''} ${l.rto ?? ''}`),
      1,
    ],
    ['?searchterm=%22quoted%22', () => false, 0],
  ];
  it.each(filters)('filters %s to matching leads only', async (query, matches, count) => {
    const { leads, pagination } = await list(query);
    expect(leads).toHaveLength(count);
    expect(leads.every(matches)).toBe(true);
    expect(pagination.totalItems).toBe(count);
  });

  // Owners' names are private: only an Admin finds leads by them (search or the name filter).
  const byName: [string, string][] = [
    ['?name=singh', 'Singh'],
    ['?name=kavita', 'Kavita Jain'],
  ];
  it.each(byName)("finds %s by the owner's name for Admin only", async (query, name) => {
    const found = await list(query, admin);
    expect(found.leads).toHaveLength(1);
    expect(found.leads[0]!.fullName).toContain(name);
    // Anyone else's name filter is ignored; a search never looks in names (above).
    const all = (await list('')).leads.map((l) => l.id);
    expect((await list(query)).leads.map((l) => l.id)).toEqual(all);
    expect((await list(query, dealer)).leads.map((l) => l.id)).toEqual(all);
  });

  it.each([
    ['price_asc', (a: Lead, b: Lead) => a.price - b.price],
    ['price_desc', (a: Lead, b: Lead) => b.price - a.price],
    ['km_asc', (a: Lead, b: Lead) => (a.kmDriven ?? Infinity) - (b.kmDriven ?? Infinity)],
    ['year_desc', (a: Lead, b: Lead) => b.year - a.year],
  ] as const)('orders the list by ?sort=%s, across pages', async (sort, order) => {
    const { leads, pagination } = await list(`?sort=${sort}`);
    expect(pagination.totalItems).toBe(4);
    expect(leads.map((l) => l.id)).toEqual([...leads].sort(order).map((l) => l.id));
    const paged = [1, 2, 3, 4].map((n) => list(`?sort=${sort}&pageSize=1&pageNumber=${n}`));
    expect((await Promise.all(paged)).map(({ leads: [lead] }) => lead!.id)).toEqual(
      leads.map((l) => l.id),
    );
  });

  it.each([
    ['?price=abc', 'price'],
    ['?KmDriven=50-10', 'KmDriven'],
    ['?pageNumber=0', 'pageNumber'],
    ['?pageSize=1000', 'pageSize'],
    ['?year=twenty', 'year'],
    ['?year=2020-2018', 'year'],
    ['?sort=cheapest', 'sort'],
    ['?searchterm=a%00b', 'searchterm'],
    ['?searchterm=amit%0Ashah', 'searchterm'],
  ])('rejects the bad query %s with a validation error on %s', async (query, field) => {
    const res = await ctx.app.inject({ url: `/api/leads${query}` });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toContain(field);
  });

  it('masks every phone number for anonymous and dealer callers, shows them to Admin', async () => {
    for (const who of [undefined, dealer]) {
      const { leads, raw } = await list('', who);
      for (const lead of leads) {
        expect(lead.phoneNumber).toMatch(/^X{7}\d{3}$/);
        expect(lead.unlocked).toBe(false);
      }
      for (const { phone } of ids) expect(raw).not.toContain(phone);
    }
    const { leads } = await list('', admin);
    expect(leads.every((l) => /^\d{10}$/.test(l.phoneNumber) && l.unlocked)).toBe(true);
  });

  it('answers a lead by id, masked, and refuses invalid ids', async () => {
    const res = await ctx.app.inject({ url: `/api/leads/${ids[0]!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ids[0]!.id,
      brand: 'maruti_suzuki',
      phoneNumber: `XXXXXXX${ids[0]!.phone.slice(-3)}`,
      unlocked: false,
    });
    for (const bad of ['0', '-3', 'abc', '1.5']) {
      const r = await ctx.app.inject({ url: `/api/leads/${bad}` });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ status: 400, message: apiMessages.invalidLeadId });
    }
    const missing = await ctx.app.inject({ url: '/api/leads/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, message: apiMessages.leadNotFound });
  });

  it('lets only Admin change a lead status, and only the status', async () => {
    const url = `/api/leads/update/${ids[1]!.id}`;
    const payload = { status: false, fullName: 'Changed', price: 1 };
    expect((await ctx.app.inject({ method: 'PUT', url, payload })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'PUT', url, payload, headers: bearer(dealer) })).statusCode,
    ).toBe(403);
    const res = await ctx.app.inject({ method: 'PUT', url, payload, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: false, fullName: 'Sunita Rao', price: 1_250_000 });
    const bad = await ctx.app.inject({
      method: 'PUT',
      url,
      payload: { status: 'yes' },
      headers: bearer(admin),
    });
    expect(bad.statusCode).toBe(400);
    await ctx.app.inject({ method: 'PUT', url, payload: { status: true }, headers: bearer(admin) });
  });

  const submission = {
    year: 2020,
    brand: 'honda',
    model: 'City',
    ownerType: 'second',
    transmission: 'manual',
    fuelType: 'petrol',
    seats: 5,
    fullName: 'Neha Gupta',
    city: '  noida ',
    phoneNumber: '9876501234',
    price: 825_000,
    consent: true,
  };

  it('stores a wizard submission as an active lead found by the list filters', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: { ...submission, status: false, id: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const lead = json<Lead>(res);
    expect(lead).toMatchObject({
      brand: 'honda',
      model: 'City',
      ownerName: 'second',
      city: 'Noida',
      rto: 'UP',
      status: true,
      varient: null,
      kmDriven: null,
      unlocked: false,
    });
    expect(lead.phoneNumber).toBe('XXXXXXX234');
    const { leads } = await list(
      '?brand=honda&model=City&ownerName=second&transmission=manual&city=Noida',
    );
    expect(leads.map((l) => l.id)).toEqual([lead.id]);
  });

  it('refuses the same phone, brand and model again within 30 days', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/leads', payload: submission });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: apiMessages.duplicateLead });
  });

  const wizardCases: [string, Record<string, unknown>, keyof typeof leadWizardMessages][] = [
    ['year out of range', { year: 1999 }, 'year'],
    ['missing year', { year: undefined }, 'year'],
    ['missing brand', { brand: '' }, 'brand'],
    ['missing model', { model: ' ' }, 'model'],
    ['missing owner type', { ownerType: '' }, 'ownerType'],
    ['missing transmission', { transmission: undefined }, 'transmission'],
    ['missing fuel', { fuelType: '' }, 'fuelType'],
    ['too many seats', { seats: 14 }, 'seats'],
    ['empty full name', { fullName: ' ' }, 'fullName'],
    ['empty city', { city: '' }, 'city'],
    ['short phone', { phoneNumber: '98765' }, 'phoneNumber'],
    ['letters in phone', { phoneNumber: '98765abcde' }, 'phoneNumber'],
    ['missing price', { price: undefined }, 'price'],
    ['no consent', { consent: undefined }, 'consent'],
    ['consent refused', { consent: false }, 'consent'],
  ];
  it.each(wizardCases)(
    'rejects a submission with %s using the spec message',
    async (_n, change, field) => {
      const before = (await list('', admin)).pagination.totalItems;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/leads',
        payload: { ...submission, phoneNumber: '9000000001', ...change },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: Record<string, string[]> }>().errors[field]).toContain(
        leadWizardMessages[field],
      );
      expect((await list('', admin)).pagination.totalItems).toBe(before);
    },
  );

  it.each(['5812345678', '0123456789', '1999999999'])(
    'refuses %s, ten digits that are no Indian mobile, and stores nothing',
    async (phoneNumber) => {
      const before = (await list('', admin)).pagination.totalItems;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/leads',
        payload: { ...submission, phoneNumber },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: Record<string, string[]> }>().errors.phoneNumber).toEqual([
        textMessages.notIndianMobile('Phone Number'),
      ]);
      expect((await list('', admin)).pagination.totalItems).toBe(before);
    },
  );

  it('accepts catalogue values in any spelling, stores the catalogue form and derives the RTO from the city', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: {
        ...submission,
        brand: 'MARUTI SUZUKI',
        model: 'swift',
        varient: 'vxi amt',
        year: 2021,
        ownerType: 'First Owner',
        transmission: 'Automatic',
        fuelType: 'PETROL',
        kmDriven: 38_500,
        city: 'gurgaon',
        phoneNumber: '9876505678',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<Lead>(res)).toMatchObject({
      brand: 'maruti_suzuki',
      model: 'Swift',
      varient: 'VXi AMT',
      ownerName: 'first',
      transmission: 'automatic',
      fuelType: 'petrol',
      kmDriven: 38_500,
      city: 'Gurugram',
      rto: 'HR',
    });
    const labels = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: {
        ...submission,
        ownerType: 'first owner',
        transmission: 'Manual',
        fuelType: 'Petrol',
        rto: 'dl',
        phoneNumber: '9876505679',
      },
    });
    expect(labels.statusCode, labels.body).toBe(201);
    expect(json<Lead>(labels)).toMatchObject({ ownerName: 'first', city: 'Noida', rto: 'DL' });
    const { leads } = await list(
      '?brand=Maruti Suzuki&model=Swift&varient=VXi AMT&ownerName=first&fuel=petrol&city=Gurugram&rto=HR',
    );
    expect(leads.map((l) => l.id)).toEqual([json<Lead>(res).id]);
  });

  const catalogueCases: [string, Record<string, unknown>, string, string][] = [
    ['an unknown brand', { brand: 'tesla' }, 'brand', 'Brand must be one of Aston Martin, Audi'],
    [
      'a model of another brand',
      { model: 'Swift' },
      'model',
      'Model must be one of Amaze, Brio, City, Civic, CR-V, Elevate, Jazz, Mobilio, WR-V for Honda.',
    ],
    [
      'an unknown transmission',
      { transmission: 'cvt' },
      'transmission',
      'Transmission must be one of Manual, Automatic, iMT.',
    ],
    [
      'an unknown fuel',
      { fuelType: 'coal' },
      'fuelType',
      'Fuel Type must be one of Petrol, Diesel, CNG, Hybrid, Electric.',
    ],
    [
      'an unknown owner type',
      { ownerType: 'fifth' },
      'ownerType',
      'Owner Type must be one of First Owner, Second Owner, Third Owner, Fourth Owner.',
    ],
    [
      'a Nexon EV before its launch',
      { brand: 'tata', model: 'Nexon EV', year: 2012 },
      'year',
      'Year must be one of 2020–2026 for a Tata Nexon EV.',
    ],
    [
      'a Chevrolet after Chevrolet left India',
      { brand: 'chevrolet', model: 'Beat', year: 2024 },
      'year',
      'Year must be one of 2010–2017 for a Chevrolet Beat.',
    ],
    [
      'a diesel Nexon EV',
      {
        brand: 'tata',
        model: 'Nexon EV',
        year: 2024,
        fuelType: 'diesel',
        transmission: 'automatic',
      },
      'fuelType',
      'Fuel Type must be Electric for a 2024 Tata Nexon EV.',
    ],
    [
      'a manual electric car',
      { brand: 'byd', model: 'Atto 3', year: 2024, fuelType: 'electric' },
      'transmission',
      'Transmission must be Automatic for a 2024 BYD Atto 3.',
    ],
    [
      'an iMT City',
      { transmission: 'imt' },
      'transmission',
      'Transmission must be Manual or Automatic for a 2020 Honda City.',
    ],
    [
      'a five-seat Ferrari',
      {
        brand: 'ferrari',
        model: 'Roma',
        year: 2023,
        transmission: 'automatic',
        seats: 5,
      },
      'seats',
      'Seats must be 4 Seater for a 2023 Ferrari Roma.',
    ],
    [
      'an automatic variant sent as manual',
      { varient: 'V CVT' },
      'transmission',
      'Transmission must be Automatic for a 2020 Honda City V CVT.',
    ],
    [
      'a variant of another year',
      { brand: 'tata', model: 'Nexon', year: 2018, varient: 'Fearless' },
      'varient',
      'Variant must be one of XE, XM, XZ, XZ Plus for a 2018 Tata Nexon.',
    ],
    [
      'a city outside the catalogue',
      { city: 'Mumbai' },
      'city',
      'City must be one of Alwar, Baghpat',
    ],
    ['a year to come', { year: 2040 }, 'year', leadWizardMessages.year],
  ];
  it.each(catalogueCases)(
    'refuses %s with a message naming what the catalogue allows',
    async (_n, change, field, message) => {
      const before = (await list('', admin)).pagination.totalItems;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/leads',
        payload: { ...submission, phoneNumber: '9000000002', ...change },
      });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<{ title: string; errors: Record<string, string[]> }>();
      expect(body.title).toBe('One or more validation errors occurred.');
      expect(body.errors[field]?.[0], res.body).toContain(message);
      expect((await list('', admin)).pagination.totalItems).toBe(before);
    },
  );

  it('rate-limits submissions per IP', async () => {
    const limited = await createTestApp(engine, {
      rateLimits: { login: 100, loginPerIp: 1000, leadSubmit: 2, api: 1000 },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/leads',
          payload: { ...submission, phoneNumber: `900000010${i}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

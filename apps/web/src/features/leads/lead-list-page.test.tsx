// The lead list: cards, pagers, filters and search in the URL, docs/api.md load errors, and every branch of the unlock flow.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { creditFlowMessages, type CurrentUser, type Lead } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { setCurrentUser } from '../../lib/session';
import {
  apiError,
  failedSideReads,
  http,
  HttpResponse,
  pagedJson,
  setupFakeApi,
  type PageOf,
} from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { formatLeadDate } from './lead-format';
import { leadsJson, makeLead, pricePackages } from './testing';

const dealer: CurrentUser = { id: 2, username: 'dealer', token: 'dealer-token', role: 'Dealer' };
const admin: CurrentUser = { id: 1, username: 'admin', token: 'admin-token', role: 'Admin' };

let toasts: Record<'success' | 'info' | 'warning' | 'error', ReturnType<typeof vi.spyOn>>;
beforeEach(() => {
  toasts = {
    success: vi.spyOn(notify, 'success').mockImplementation(() => undefined),
    info: vi.spyOn(notify, 'info').mockImplementation(() => undefined),
    warning: vi.spyOn(notify, 'warning').mockImplementation(() => undefined),
    error: vi.spyOn(notify, 'error').mockImplementation(() => undefined),
  };
});

const swift = makeLead();
const creta = makeLead({
  id: 102,
  brand: 'hyundai',
  model: 'Creta',
  varient: null,
  rto: null,
  kmDriven: null,
  fuelType: 'diesel',
  transmission: 'automatic',
  ownerName: 'second',
  price: 1_250_000,
});

const api = setupFakeApi(
  http.get('/api/leads', () => leadsJson([swift, creta])),
  http.get('/api/packages', () => pagedJson(pricePackages)),
  ...failedSideReads,
);

/** The list answers these leads (with this page of the paging header). */
function listApi(leads: Lead[], page: PageOf = {}) {
  api.use(http.get('/api/leads', () => leadsJson(leads, page)));
}

const card = (name: string) => screen.findByRole('article', { name });
const cards = () => screen.queryAllByRole('article');

async function expectLocation(
  router: { state: { location: { pathname: string; search: string } } },
  pathname: string,
  search = '',
) {
  await waitFor(() => {
    expect(router.state.location.pathname).toBe(pathname);
    expect(router.state.location.search).toBe(search);
  });
}

/** The list, its Filters panel open, and the panel's 'Hide sold-out leads' switch. */
async function openHideSoldOut() {
  const { router } = renderRoute(paths.leads);
  await card('Maruti Suzuki Swift');
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /^Filters/ }));
  const panel = await screen.findByRole('dialog', { name: 'Filters' });
  const hide = within(panel).getByRole('switch', { name: 'Hide sold-out leads' });
  return { router, user, hide };
}

describe('the lead list', () => {
  it('shows each lead as a card with INR price, labels, date and a link to its detail', async () => {
    renderRoute(paths.leads);
    const first = await card('Maruti Suzuki Swift');
    expect(within(first).getByRole('link', { name: 'Maruti Suzuki Swift' })).toHaveAttribute(
      'href',
      paths.leadDetail(101),
    );
    expect(first).toHaveTextContent('VXi');
    expect(first).toHaveTextContent('₹5,25,000');
    expect(first).toHaveTextContent('Year2019');
    expect(first).toHaveTextContent('FuelPetrol');
    expect(first).toHaveTextContent('TransManual');
    expect(first).toHaveTextContent('Km42,000 km');
    expect(first).toHaveTextContent('OwnershipFirst Owner');
    expect(first).toHaveTextContent('RTOUP');
    expect(first).toHaveTextContent('CityNoida');
    expect(first).toHaveTextContent(formatLeadDate(swift.createdOn));
    // Locked: no contact link, and no pencil for a visitor.
    expect(within(first).queryByRole('link', { name: /WhatsApp|Call/ })).not.toBeInTheDocument();
    expect(within(first).getByRole('button', { name: /^Unlock contact/ })).toBeInTheDocument();
    expect(within(first).queryByRole('link', { name: /Edit lead/ })).not.toBeInTheDocument();

    const second = await card('Hyundai Creta');
    expect(second).toHaveTextContent('₹12,50,000');
    expect(second).toHaveTextContent('Km—');
    expect(second).toHaveTextContent('TransAutomatic');
    expect(screen.getByTestId('lead-count')).toHaveTextContent('Showing 1–2 of 2 leads');
  });

  it("shows a lead's cover on its card, lazy and sized so nothing moves, and none without photos", async () => {
    const cover = {
      id: 7,
      thumbUrl: `/media/${'a'.repeat(32)}-thumb.webp`,
      url: `/media/${'a'.repeat(32)}-detail.webp`,
    };
    listApi([{ ...swift, photos: [cover] }, creta]);
    renderRoute(paths.leads);
    const image = within(await card('Maruti Suzuki Swift')).getByRole('img');
    expect(image).toHaveAttribute('src', cover.thumbUrl);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '320');
    expect(image).toHaveAttribute('height', '240');
    expect(within(await card('Hyundai Creta')).queryByRole('img')).toBeNull();
  });

  it('pages above and below the list, with first/previous/next/last and at most 6 buttons', async () => {
    listApi([swift], { totalItems: 1200 });
    const { router } = renderRoute(paths.leads);
    await card('Maruti Suzuki Swift');
    const top = screen.getByRole('navigation', { name: 'Pages above the leads' });
    const bottom = screen.getByRole('navigation', { name: 'Pages below the leads' });
    for (const pager of [top, bottom]) {
      expect(
        within(pager)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual([
        'First page',
        'Previous page',
        'Page 1',
        'Page 2',
        'Page 3',
        'Page 4',
        'Page 5',
        'Page 6',
        'Next page',
        'Last page',
      ]);
    }
    const user = userEvent.setup();
    await user.click(within(bottom).getByRole('button', { name: 'Next page' }));
    await expectLocation(router, paths.leads, '?page=2');
    await waitFor(() => expect(api.queriesOf('GET', '/api/leads').at(-1)?.pageNumber).toBe('2'));
    await user.click(within(top).getByRole('button', { name: 'Last page' }));
    await expectLocation(router, paths.leads, '?page=20');
    // Back and forward follow the URL.
    await router.navigate(-1);
    await expectLocation(router, paths.leads, '?page=2');
    expect(
      await within(top).findByRole('button', { name: 'Page 2', current: 'page' }),
    ).toBeInTheDocument();
  });

  it('hides the pagers when the answer has no pagination, and says "10,000+" for a capped total', async () => {
    api.use(http.get('/api/leads', () => HttpResponse.json([swift])));
    const view = renderRoute(paths.leads);
    await card('Maruti Suzuki Swift');
    expect(
      screen.queryByRole('navigation', { name: 'Pages above the leads' }),
    ).not.toBeInTheDocument();
    view.unmount();

    listApi([swift], { totalItems: 10_000, totalCapped: true });
    renderRoute(paths.leads);
    await card('Maruti Suzuki Swift');
    expect(screen.getByTestId('lead-count')).toHaveTextContent('Showing 1–1 of 10,000+ leads');
  });

  it('asks the API for the filters, search and page in the URL, and shows them as chips', async () => {
    renderRoute(
      `${paths.leads}?brand=maruti_suzuki&model=Swift&price=500000-549999&q=noida&page=2`,
    );
    await card('Maruti Suzuki Swift');
    expect(api.queriesOf('GET', '/api/leads')).toEqual([
      {
        pageNumber: '2',
        pageSize: '60',
        brand: 'maruti_suzuki',
        model: 'Swift',
        price: '500000-549999',
        searchterm: 'noida',
      },
    ]);
    const chips = await screen.findByRole('list', { name: 'Active filters' });
    expect(chips).toHaveTextContent('Brand: Maruti Suzuki');
    expect(chips).toHaveTextContent('Model: Swift');
    expect(chips).toHaveTextContent('Price: ₹5,00,000 - ₹5,50,000');
    expect(screen.getByRole('searchbox', { name: 'Search leads' })).toHaveValue('noida');
  });

  it('puts a filter chosen in the panel into the URL: model follows the brand, the page starts over', async () => {
    const { router } = renderRoute(`${paths.leads}?brand=hyundai&model=Creta&page=3`);
    await card('Maruti Suzuki Swift');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    const brand = within(panel).getByLabelText('Brand');
    expect(brand).toHaveValue('hyundai');
    expect(within(panel).getByLabelText('Model')).toHaveValue('Creta');

    await user.selectOptions(brand, 'maruti_suzuki');
    await expectLocation(router, paths.leads, '?brand=maruti_suzuki');
    const model = within(panel).getByLabelText('Model');
    expect(within(model).getByRole('option', { name: 'Swift' })).toBeInTheDocument();
    await user.selectOptions(model, 'Swift');
    await expectLocation(router, paths.leads, '?brand=maruti_suzuki&model=Swift');
    // Variants are those of the model, sorted.
    const variants = within(within(panel).getByLabelText('Varient'))
      .getAllByRole('option')
      .slice(1)
      .map((o) => o.textContent ?? '');
    expect(variants.length).toBeGreaterThan(1);
    expect(variants).toEqual([...variants].sort((a, b) => a.localeCompare(b, 'en')));
    await user.selectOptions(within(panel).getByLabelText('Year'), '2019');
    await expectLocation(router, paths.leads, '?brand=maruti_suzuki&model=Swift&year=2019');

    await user.click(within(panel).getByRole('button', { name: 'Reset Filter' }));
    await expectLocation(router, paths.leads, '');
  });

  it('lets the keyboard step through a filter select without a request per step', async () => {
    const { router } = renderRoute(paths.leads);
    await card('Maruti Suzuki Swift');
    await userEvent.setup().click(screen.getByRole('button', { name: /^Filters/ }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    const year = within(panel).getByLabelText<HTMLSelectElement>('Year');
    const options = [...year.options].map((option) => option.value).slice(1, 4);
    const key = router.state.location.key;
    // Chromium changes a closed select's value on each ArrowDown, firing a change per step.
    for (const value of options) {
      fireEvent.keyDown(year, { key: 'ArrowDown' });
      fireEvent.change(year, { target: { value } });
    }
    expect(year).toHaveValue(options[2]);
    expect(router.state.location.key).toBe(key);
    expect(api.queriesOf('GET', '/api/leads')).toHaveLength(1);
    // Enter applies the option the steps rest on: one request, one history entry.
    fireEvent.keyDown(year, { key: 'Enter' });
    await expectLocation(router, paths.leads, `?year=${options[2]}`);
    await waitFor(() => expect(api.queriesOf('GET', '/api/leads')).toHaveLength(2));
    // So does leaving the select.
    fireEvent.keyDown(year, { key: 'ArrowUp' });
    fireEvent.change(year, { target: { value: options[1] } });
    expect(router.state.location.search).toBe(`?year=${options[2]}`);
    fireEvent.blur(year);
    await expectLocation(router, paths.leads, `?year=${options[1]}`);
  });

  it('shows how many dealers unlocked each lead, and a sold-out lead without its unlock button', async () => {
    listApi([makeLead({ unlockCount: 2, maxDealers: 5 }), { ...creta, unlockCount: 5 }]);
    renderRoute(paths.leads);
    const open = await card('Maruti Suzuki Swift');
    expect(open).toHaveTextContent('2 of 5 dealers unlocked');
    expect(within(open).queryByText('Sold out')).not.toBeInTheDocument();
    expect(within(open).getByRole('button', { name: /^Unlock contact/ })).toBeInTheDocument();
    const full = await card('Hyundai Creta');
    expect(full).toHaveTextContent('5 of 5 dealers unlocked');
    expect(within(full).getByText('Sold out')).toBeInTheDocument();
    expect(within(full).getByTestId('sold-out-note')).toHaveTextContent(
      'Sold out: no more dealers can unlock this lead.',
    );
    expect(within(full).queryByRole('button', { name: /^Unlock contact/ })).not.toBeInTheDocument();
  });

  it("hides sold-out leads for a dealer until the panel's switch is turned off", async () => {
    setCurrentUser(dealer);
    const { router, user, hide } = await openHideSoldOut();
    // On by default: the API's own default for dealers, so the URL and the query leave it out.
    expect(hide).toBeChecked();
    expect(api.queriesOf('GET', '/api/leads')[0]).not.toHaveProperty('hideSoldOut');
    await user.click(hide);
    await expectLocation(router, paths.leads, '?hideSoldOut=false');
    await waitFor(() =>
      expect(api.queriesOf('GET', '/api/leads').at(-1)).toMatchObject({ hideSoldOut: 'false' }),
    );
    expect(hide).not.toBeChecked();
    expect(await screen.findByRole('list', { name: 'Active filters' })).toHaveTextContent(
      'Sold-out leads: Shown',
    );
    await user.click(hide);
    await expectLocation(router, paths.leads, '');
  });

  it('lets a visitor hide sold-out leads (off by default for anyone but dealers)', async () => {
    const { router, user, hide } = await openHideSoldOut();
    expect(hide).not.toBeChecked();
    await user.click(hide);
    await expectLocation(router, paths.leads, '?hideSoldOut=true');
  });

  it('removes one filter with its chip, and all with Reset Filter', async () => {
    const { router } = renderRoute(`${paths.leads}?fuel=diesel&rto=DL&q=city`);
    await card('Maruti Suzuki Swift');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Fuel filter' }));
    await expectLocation(router, paths.leads, '?rto=DL&q=city');
    await user.click(screen.getAllByRole('button', { name: 'Reset Filter' })[0]!);
    await expectLocation(router, paths.leads, '');
    expect(screen.getByRole('searchbox', { name: 'Search leads' })).toHaveValue('');
  });

  it('searches once 2 letters are typed (or on Enter), after a pause', async () => {
    const { router } = renderRoute(paths.leads);
    await card('Maruti Suzuki Swift');
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search leads' });
    await user.type(box, 'h');
    expect(screen.getByText(/Type at least 2 letters/)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(router.state.location.search).toBe('');
    await user.type(box, 'o');
    await expectLocation(router, paths.leads, '?q=ho');
    await user.clear(box);
    await user.type(box, 'x{Enter}');
    await expectLocation(router, paths.leads, '?q=x');
  });

  it('keeps what is typed when its own earlier search lands in the URL afterwards', async () => {
    const { router } = renderRoute(paths.leads);
    await card('Maruti Suzuki Swift');
    const box = screen.getByRole('searchbox', { name: 'Search leads' });
    // The dealer clears the box in the instant the search typed before reaches the URL, before the list re-renders.
    const unsubscribe = router.subscribe((state) => {
      if (state.location.search === '?q=hon') fireEvent.change(box, { target: { value: '' } });
    });
    await userEvent.setup().type(box, 'hon');
    await expectLocation(router, paths.leads, '?q=hon');
    unsubscribe();
    // The cleared box stands, and its (empty) search follows.
    await expectLocation(router, paths.leads, '');
    expect(box).toHaveValue('');
  });

  it('says "No leads to show." only when the server answered an empty list', async () => {
    listApi([]);
    renderRoute(paths.leads);
    expect(await screen.findByText('No leads to show.')).toBeInTheDocument();
  });

  it('says so when no lead matches, with a Reset Filter button', async () => {
    listApi([]);
    renderRoute(`${paths.leads}?brand=lotus`);
    expect(await screen.findByText('No leads match your search and filters.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Reset Filter' })).toHaveLength(2);
  });

  it.each([
    [404, 'No leads found', 'Not Found'],
    [401, 'You need to be logged in to view leads', 'Unauthorized'],
    [400, 'Failed to load leads. Please try again later.', 'Error'],
    [500, 'Failed to load leads. Please try again later.', 'Error'],
  ])(
    'on a %i toasts "%s" (%s) and says the load failed, not that there are none',
    async (status, message, title) => {
      api.use(http.get('/api/leads', () => apiError(status, 'x')));
      const { router } = renderRoute(paths.leads);
      await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(message, title));
      expect(await screen.findByText('The leads could not be loaded.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(screen.queryByText('No leads to show.')).not.toBeInTheDocument();
      expect(cards()).toHaveLength(0);
      // The list handles its own errors: no navigation to the error pages.
      expect(router.state.location.pathname).toBe(paths.leads);
    },
  );
});

describe('unlocking a card', () => {
  /** Two locked leads; unlocking answers the Swift's contact with 49 credits left. */
  const unlockApi = () =>
    api.use(
      http.post('/api/leads/:id/unlock', () =>
        HttpResponse.json({
          lead: { ...swift, phoneNumber: '9876543210', unlocked: true },
          charged: true,
          creditsRemaining: 49,
        }),
      ),
    );
  const unlockButton = async (name = 'Maruti Suzuki Swift') =>
    within(await card(name)).getByRole('button', { name: /^Unlock contact/ });

  it('opens the purchase popup for a visitor; closing it leads to the login page', async () => {
    const { router } = renderRoute(paths.leads);
    const user = userEvent.setup();
    await user.click(await unlockButton());
    const popup = await screen.findByRole('dialog', { name: 'Buy a Package' });
    expect(await within(popup).findByText('Starter 10 Leads')).toBeInTheDocument();
    expect(popup).toHaveTextContent('10 credits · valid 30 days');
    expect(popup).toHaveTextContent('₹999');
    expect(popup).toHaveTextContent('Unlimited unlocks · valid 30 days');
    expect(popup).toHaveTextContent('₹14,999');
    expect(within(popup).getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\//),
    );
    expect(api.callsTo('POST', '/api/leads/101/unlock')).toHaveLength(0);
    await user.click(within(popup).getByRole('button', { name: 'Log in' }));
    await expectLocation(router, paths.login);
  });

  it('unlocks for a dealer with credits: the count, then the contact with +91', async () => {
    setCurrentUser(dealer);
    unlockApi();
    renderRoute(paths.leads);
    const user = userEvent.setup();
    await user.click(await unlockButton());
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith(
        'Lead contact details unlocked. 1 credit used. 49 credits remaining.',
        undefined,
      ),
    );
    expect(toasts.info).not.toHaveBeenCalled();
    const unlocked = await card('Maruti Suzuki Swift');
    await waitFor(() =>
      expect(within(unlocked).getByRole('link', { name: 'Call +91 9876543210' })).toHaveAttribute(
        'href',
        'tel:+919876543210',
      ),
    );
    expect(within(unlocked).getByRole('link', { name: 'WhatsApp +91 9876543210' })).toHaveAttribute(
      'href',
      `https://wa.me/919876543210?text=${encodeURIComponent(
        'Hello, I saw your 2019 Maruti Suzuki Swift on DealerLeads. Is it still available?',
      )}`,
    );
    expect(api.callsTo('POST', '/api/leads/101/unlock')).toHaveLength(1);
    // The other card stays locked; the list was not reloaded for it.
    expect(await unlockButton('Hyundai Creta')).toBeInTheDocument();
    expect(api.queriesOf('GET', '/api/leads')).toHaveLength(1);
  });

  it('names the car on each unlock button and, unlocked from the keyboard, puts the focus on the contact', async () => {
    setCurrentUser(dealer);
    unlockApi();
    renderRoute(paths.leads);
    const button = await unlockButton();
    expect(button).toHaveAccessibleName(`Unlock contact for ${swift.year} Maruti Suzuki Swift`);
    expect(await unlockButton('Hyundai Creta')).toHaveAccessibleName(
      `Unlock contact for ${creta.year} Hyundai Creta`,
    );
    button.focus();
    await userEvent.setup().keyboard('{Enter}');
    const whatsApp = await within(await card('Maruti Suzuki Swift')).findByRole('link', {
      name: 'WhatsApp +91 9876543210',
    });
    await waitFor(() => expect(whatsApp).toHaveFocus());
  });

  it('adds the last-credit info when 0 credits remain', async () => {
    setCurrentUser(dealer);
    listApi([swift]);
    api.use(
      http.post('/api/leads/:id/unlock', () =>
        HttpResponse.json({
          lead: { ...swift, phoneNumber: '9876543210', unlocked: true },
          charged: true,
          creditsRemaining: 0,
        }),
      ),
    );
    renderRoute(paths.leads);
    await userEvent.setup().click(await unlockButton());
    await waitFor(() =>
      expect(toasts.info).toHaveBeenCalledWith(creditFlowMessages.lastCredit, undefined),
    );
    expect(toasts.success).toHaveBeenCalledWith(creditFlowMessages.success(0), undefined);
  });

  it.each([
    creditFlowMessages.noActivePackage,
    creditFlowMessages.allCreditsUsed,
    creditFlowMessages.expired,
  ])('warns "%s" and opens the purchase popup; closing it stays on the list', async (text) => {
    setCurrentUser(dealer);
    listApi([swift]);
    api.use(http.post('/api/leads/:id/unlock', () => apiError(400, text)));
    const { router } = renderRoute(paths.leads);
    const user = userEvent.setup();
    await user.click(await unlockButton());
    await waitFor(() => expect(toasts.warning).toHaveBeenCalledWith(text, undefined));
    const popup = await screen.findByRole('dialog', { name: 'Buy a Package' });
    await user.click(within(popup).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(paths.leads);
    expect(toasts.error).not.toHaveBeenCalled();
    expect(await unlockButton()).toBeInTheDocument();
  });

  it('answers any other failure with the generic credit-flow text', async () => {
    setCurrentUser(dealer);
    listApi([swift]);
    api.use(http.post('/api/leads/:id/unlock', () => apiError(500, 'Internal server error')));
    const { router } = renderRoute(paths.leads);
    await userEvent.setup().click(await unlockButton());
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(creditFlowMessages.failed, undefined),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.leads);
  });

  it('without a user id in the session says so and opens the login page', async () => {
    setCurrentUser({ ...dealer, id: 0 });
    const { router } = renderRoute(paths.leads);
    await userEvent.setup().click(await unlockButton());
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('User ID not found. Please log in again.'),
    );
    await expectLocation(router, paths.login);
    expect(api.callsTo('POST', '/api/leads/101/unlock')).toHaveLength(0);
  });

  it('shows an Admin the contacts and the pencil; a lock still shown unlocks with no credit text', async () => {
    setCurrentUser(admin);
    listApi([{ ...creta, phoneNumber: '9811122233', unlocked: true }, swift]);
    api.use(
      http.post('/api/leads/:id/unlock', () =>
        HttpResponse.json({
          lead: { ...swift, phoneNumber: '9876543210', unlocked: true },
          charged: false,
          creditsRemaining: null,
        }),
      ),
    );
    renderRoute(paths.leads);
    const creta102 = await card('Hyundai Creta');
    expect(within(creta102).getByRole('link', { name: 'Call +91 9811122233' })).toBeInTheDocument();
    expect(within(creta102).getByRole('link', { name: 'Edit lead 102' })).toHaveAttribute(
      'href',
      paths.leadEdit(102),
    );
    await userEvent.setup().click(await unlockButton());
    await waitFor(async () =>
      expect(
        within(await card('Maruti Suzuki Swift')).getByRole('link', {
          name: 'Call +91 9876543210',
        }),
      ).toBeInTheDocument(),
    );
    expect(toasts.success).not.toHaveBeenCalled();
    expect(toasts.error).not.toHaveBeenCalled();
  });
});

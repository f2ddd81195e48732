// Every route × every kind of caller on each engine: the expected status, no leaked phone numbers, all routes documented.
import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  bearer,
  TEST_JWT_SECRET,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from './test/test-app';
import { unsubscribeTokenOf } from './modules/alerts/unsubscribe-token';
import { createPackage, createUserPackage, createLeads } from './test/fixtures';
import { todayInIndia } from './lib/calendar';
import { jpegPhoto, multipart } from './modules/photos/photos-test-helpers';

type Who = 'anonymous' | 'user' | 'dealer' | 'admin' | 'otherDealer';
const callers: Who[] = ['anonymous', 'user', 'dealer', 'admin', 'otherDealer'];

interface RouteCase {
  name: string;
  /** The OpenAPI path the route is documented under. */
  doc: string;
  request: () => InjectOptions;
  /** Expected status for anonymous, user, dealer, admin, another dealer. */
  expected: [number, number, number, number, number];
}

describe.each(testEngines())('authorization matrix on %s', (engine) => {
  const ctx = useTestApp(engine);
  const members: Record<Exclude<Who, 'anonymous'>, TestMember> = useMembers(ctx, {
    user: { role: 'User' },
    dealer: {},
    admin: { role: 'Admin' },
    otherDealer: {},
  });
  let leads: { id: number; phone: string }[];
  let flagged: { id: number; phone: string }[];
  let ownerToken: string;
  let dealerPackage: number;
  /** A saved search of the dealer, and one of the other dealer (deleted by its owner in the matrix). */
  const savedSearches = { dealer: 0, otherDealer: 0 };
  /** The unsubscribe link's token of the dealer's saved search. */
  let unsubscribeToken = '';
  let packageId: number;
  /** Leads the dealer unlocked: one to report in the matrix, and two reported already (approve, reject). */
  const disputed = { lead: 0, toApprove: 0, toReject: 0 };
  /** The dealer's orders: one the Admin confirms, one the Admin rejects, one the dealer pays. */
  const orders = { confirm: 0, reject: 0, pay: 0 };
  let counter = 0;
  const next = () => ++counter;
  let photo: Buffer;

  beforeAll(async () => {
    leads = await createLeads(
      ctx,
      Array.from({ length: 5 }, () => ({})),
    );
    dealerPackage = await createUserPackage(ctx, members.dealer.id, { credits: 20 });
    for (const who of ['dealer', 'otherDealer'] as const) {
      const saved = await ctx.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        payload: { name: 'Cretas', filters: { model: 'Creta' } },
        headers: bearer(members[who]),
      });
      savedSearches[who] = (saved.json() as { id: number }).id;
    }
    unsubscribeToken = (await unsubscribeTokenOf(ctx.database.db, TEST_JWT_SECRET, {
      kind: 's',
      savedSearchId: savedSearches.dealer,
    }))!;
    flagged = await createLeads(ctx, [
      { moderation_status: 'flagged', moderation_flags: 'fake_phone', status: 0 },
      { moderation_status: 'flagged', moderation_flags: 'repeated_phone', status: 0 },
    ]);
    leads.push(...flagged);
    const submitted = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: {
        year: 2021,
        brand: 'hyundai',
        model: 'Creta',
        ownerType: 'first',
        transmission: 'automatic',
        fuelType: 'diesel',
        seats: 5,
        fullName: 'Owner With Link',
        city: 'Noida',
        phoneNumber: '9811100042',
        price: 1_250_000,
        consent: true,
      },
    });
    ownerToken = submitted.json<{ manageUrl: string }>().manageUrl.split('/').pop()!;
    photo = await jpegPhoto(64, 48);
    leads.push({ id: submitted.json<{ id: number }>().id, phone: '9811100042' });
    packageId = await createPackage(ctx, { credits: 10 });
    const [toReport, toApprove, toReject] = await createLeads(ctx, [{}, {}, {}]);
    for (const l of [toReport!, toApprove!, toReject!]) {
      const unlocked = await ctx.app.inject({
        method: 'POST',
        url: `/api/leads/${l.id}/unlock`,
        headers: bearer(members.dealer),
      });
      expect(unlocked.statusCode).toBe(200);
    }
    disputed.lead = toReport!.id;
    for (const [key, l] of [
      ['toApprove', toApprove!],
      ['toReject', toReject!],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/leads/${l.id}/disputes`,
        payload: { reason: 'unreachable' },
        headers: bearer(members.dealer),
      });
      expect(res.statusCode).toBe(201);
      disputed[key] = res.json<{ id: number }>().id;
    }
    for (const key of ['confirm', 'reject', 'pay'] as const) {
      const placed = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: { packageId },
        headers: bearer(members.dealer),
      });
      orders[key] = placed.json<{ id: number }>().id;
    }
  });

  let verificationNumbers = 0;
  const routes = (): RouteCase[] => {
    const d = members.dealer;
    const lead = leads[0]!.id;
    return [
      {
        name: 'list leads',
        doc: '/api/leads',
        request: () => ({ url: '/api/leads' }),
        expected: [200, 200, 200, 200, 200],
      },
      {
        name: 'read the market price guide',
        doc: '/api/price-guide',
        request: () => ({ url: '/api/price-guide?brand=kia&model=Seltos&year=2020' }),
        expected: [200, 200, 200, 200, 200],
      },
      {
        name: 'ask for a code to a mobile (public: owners have no account)',
        doc: '/api/phone-verifications',
        request: () => ({
          method: 'POST',
          url: '/api/phone-verifications',
          // A number of its own each call, so the resend wait never answers instead.
          payload: { phoneNumber: `97${String(++verificationNumbers).padStart(8, '0')}` },
        }),
        expected: [201, 201, 201, 201, 201],
      },
      {
        name: 'confirm a code (whoever holds the verification id)',
        doc: '/api/phone-verifications/{id}/confirm',
        request: () => ({
          method: 'POST',
          url: '/api/phone-verifications/unknown-id/confirm',
          payload: { code: '123456' },
        }),
        expected: [404, 404, 404, 404, 404],
      },
      {
        name: 'ask for a password reset (public, the same answer for any login)',
        doc: '/api/password-resets',
        request: () => ({
          method: 'POST',
          url: '/api/password-resets',
          payload: { login: `nobody-${++verificationNumbers}@example.com` },
        }),
        expected: [202, 202, 202, 202, 202],
      },
      {
        name: 'reset a password by code (public: a wrong code changes nothing)',
        doc: '/api/password-resets/confirm',
        request: () => ({
          method: 'POST',
          url: '/api/password-resets/confirm',
          payload: { login: 'nobody@example.com', code: '123456', newPassword: 'Another@2026!' },
        }),
        expected: [400, 400, 400, 400, 400],
      },
      {
        name: 'reset a password by link (public: a forged link changes nothing)',
        doc: '/api/password-resets/confirm-link',
        request: () => ({
          method: 'POST',
          url: '/api/password-resets/confirm-link',
          payload: { token: 'forged.link', newPassword: 'Another@2026!' },
        }),
        expected: [400, 400, 400, 400, 400],
      },
      {
        name: 'read a lead',
        doc: '/api/leads/{id}',
        request: () => ({ url: `/api/leads/${lead}` }),
        expected: [200, 200, 200, 200, 200],
      },
      {
        name: 'edit a lead',
        doc: '/api/leads/update/{id}',
        request: () => ({
          method: 'PUT',
          url: `/api/leads/update/${lead}`,
          payload: { status: true },
        }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: 'submit a lead',
        doc: '/api/leads',
        request: () => ({
          method: 'POST',
          url: '/api/leads',
          payload: {
            year: 2020,
            brand: 'kia',
            model: 'Seltos',
            ownerType: 'first',
            transmission: 'manual',
            fuelType: 'petrol',
            seats: 5,
            fullName: 'Owner',
            city: 'Noida',
            phoneNumber: `91${String(10_000_000 + next()).slice(-8)}`,
            price: 900_000,
            consent: true,
          },
        }),
        expected: [201, 201, 201, 201, 201],
      },
      {
        name: 'unlock a lead',
        doc: '/api/leads/{id}/unlock',
        request: () => ({ method: 'POST', url: `/api/leads/${leads[1]!.id}/unlock` }),
        expected: [401, 400, 200, 200, 400],
      },
      {
        name: 'list members',
        doc: '/api/users',
        request: () => ({ url: '/api/users' }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: 'members dropdown',
        doc: '/api/users/dropdown',
        request: () => ({ url: '/api/users/dropdown' }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: "read the dealer's profile",
        doc: '/api/users/{userName}',
        request: () => ({ url: `/api/users/${d.userName}` }),
        expected: [401, 403, 200, 200, 403],
      },
      {
        name: "update the dealer's profile",
        doc: '/api/users/update/{id}',
        request: () => ({
          method: 'PUT',
          url: `/api/users/update/${d.id}`,
          payload: {
            name: 'Dealer Name',
            city: 'Noida',
            email: `${d.userName}@example.in`,
            phone: '9876543210',
            pincode: '201301',
          },
        }),
        expected: [401, 403, 200, 200, 403],
      },
      {
        name: 'price list',
        doc: '/api/packages',
        request: () => ({ url: '/api/packages' }),
        expected: [200, 200, 200, 200, 200],
      },
      {
        name: 'one package',
        doc: '/api/packages/{id}',
        request: () => ({ url: `/api/packages/${packageId}` }),
        expected: [200, 200, 200, 200, 200],
      },
      {
        name: 'packages dropdown',
        doc: '/api/packages/dropdown',
        request: () => ({ url: '/api/packages/dropdown' }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: 'add a package',
        doc: '/api/packages/add',
        request: () => ({
          method: 'POST',
          url: '/api/packages/add',
          payload: {
            packageName: 'Matrix',
            packageCode: `MX${next()}`,
            packageType: 'Lead',
            packageCredits: 5,
            packageUnit: 'Leads',
            packageValidity: 30,
            packagePrice: 500,
          },
        }),
        expected: [401, 403, 403, 201, 403],
      },
      {
        name: 'update a package',
        doc: '/api/packages/update/{id}',
        request: () => ({
          method: 'PUT',
          url: `/api/packages/update/${packageId}`,
          payload: {
            packageName: 'Matrix Pro',
            packageCode: 'MXPRO',
            packageType: 'Lead',
            packageCredits: 10,
            packageUnit: 'Leads',
            packageValidity: 30,
            packagePrice: 900,
          },
        }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: 'deactivate a package',
        doc: '/api/packages/deactivate/{id}',
        request: () => ({ method: 'PUT', url: `/api/packages/deactivate/${packageId}` }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: 'list user packages',
        doc: '/api/userpackage',
        request: () => ({ url: '/api/userpackage' }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: "the dealer's packages",
        doc: '/api/userpackage/user/{userId}',
        request: () => ({ url: `/api/userpackage/user/${d.id}` }),
        expected: [401, 403, 200, 200, 403],
      },
      {
        name: "one of the dealer's packages",
        doc: '/api/userpackage/{id}',
        request: () => ({ url: `/api/userpackage/${dealerPackage}` }),
        expected: [401, 403, 200, 200, 403],
      },
      {
        name: 'assign a package',
        doc: '/api/userpackage/add',
        request: () => ({
          method: 'POST',
          url: '/api/userpackage/add',
          payload: {
            userId: members.otherDealer.id,
            packageId: leadsPackage(),
            startDate: todayInIndia(),
          },
        }),
        expected: [401, 403, 403, 201, 403],
      },
      {
        name: "change the dealer's package",
        doc: '/api/userpackage/update/{id}',
        request: () => ({
          method: 'PUT',
          url: `/api/userpackage/update/${dealerPackage}`,
          payload: {
            userId: d.id,
            packageId: leadsPackage(),
            startDate: todayInIndia(),
            // The credits used so far: three unlocks for the dispute rows, one by 'unlock a lead'.
            creditDebited: 4,
          },
        }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: "subtract the dealer's credit",
        doc: '/api/userpackage/subtractcredit/{id}',
        request: () => ({ method: 'PUT', url: `/api/userpackage/subtractcredit/${dealerPackage}` }),
        expected: [401, 403, 200, 403, 403],
      },
      {
        name: "record a view on the dealer's package",
        doc: '/api/userpackagelead/add',
        request: () => ({
          method: 'POST',
          url: '/api/userpackagelead/add',
          payload: { userPackageMapId: dealerPackage, leadId: leads[2]!.id, creditDebited: 1 },
        }),
        expected: [401, 403, 200, 403, 403],
      },
      {
        name: "the dealer's unlocked leads",
        doc: '/api/userpackagelead/user/{username}',
        request: () => ({ url: `/api/userpackagelead/user/${d.userName}` }),
        expected: [401, 403, 200, 200, 403],
      },
      {
        name: 'check a lead viewed',
        doc: '/api/userpackage/checkleadviewed',
        request: () => ({ url: `/api/userpackage/checkleadviewed?userId=${d.id}&leadId=${lead}` }),
        expected: [401, 403, 200, 200, 403],
      },
      {
        name: 'test auth call',
        doc: '/api/buggy/auth',
        request: () => ({ url: '/api/buggy/auth' }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: 'read the settings',
        doc: '/api/settings',
        request: () => ({ url: '/api/settings' }),
        expected: [200, 200, 200, 200, 200],
      },
      {
        name: 'change the settings',
        doc: '/api/settings',
        request: () => ({ method: 'PUT', url: '/api/settings', payload: { maxDealersPerLead: 5 } }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: 'read your credits',
        doc: '/api/me/credits',
        request: () => ({ url: '/api/me/credits' }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: 'read your ledger',
        doc: '/api/me/ledger',
        request: () => ({ url: '/api/me/ledger' }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: "read the dealer's credits",
        doc: '/api/members/{userId}/credits',
        request: () => ({ url: `/api/members/${d.id}/credits` }),
        expected: [401, 403, 200, 200, 403],
      },
      {
        name: "read the dealer's ledger",
        doc: '/api/members/{userId}/ledger',
        request: () => ({ url: `/api/members/${d.id}/ledger` }),
        expected: [401, 403, 200, 200, 403],
      },
      {
        name: "adjust the dealer's credits",
        doc: '/api/members/{userId}/credits/adjustments',
        request: () => ({
          method: 'POST',
          url: `/api/members/${d.id}/credits/adjustments`,
          payload: { userPackageId: dealerPackage, amount: 1, reason: 'Goodwill credit' },
        }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: 'my leads',
        doc: '/api/me/leads',
        request: () => ({ url: '/api/me/leads' }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: 'my leads as CSV',
        doc: '/api/me/leads.csv',
        request: () => ({ url: '/api/me/leads.csv' }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: 'my follow-ups due',
        doc: '/api/me/leads/follow-ups',
        request: () => ({ url: '/api/me/leads/follow-ups' }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: "change the stage of the dealer's lead",
        doc: '/api/me/leads/{leadId}',
        request: () => ({
          method: 'PUT',
          url: `/api/me/leads/${leads[1]!.id}`,
          payload: { stage: 'contacted' },
        }),
        expected: [401, 403, 200, 403, 403],
      },
      {
        name: "notes on the dealer's lead",
        doc: '/api/me/leads/{leadId}/notes',
        request: () => ({ url: `/api/me/leads/${leads[1]!.id}/notes` }),
        expected: [401, 403, 200, 403, 403],
      },
      {
        name: "add a note to the dealer's lead",
        doc: '/api/me/leads/{leadId}/notes',
        request: () => ({
          method: 'POST',
          url: `/api/me/leads/${leads[1]!.id}/notes`,
          payload: { text: 'Called the owner' },
        }),
        expected: [401, 403, 201, 403, 403],
      },
      {
        name: 'keep my language',
        doc: '/api/me/preferences',
        request: () => ({ method: 'PUT', url: '/api/me/preferences', payload: { language: 'hi' } }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: 'the VAPID public key',
        doc: '/api/push/public-key',
        request: () => ({ url: '/api/push/public-key' }),
        expected: [200, 200, 200, 200, 200],
      },
      {
        name: 'subscribe a device to push messages',
        doc: '/api/push/subscriptions',
        request: () => ({
          method: 'POST',
          url: '/api/push/subscriptions',
          payload: {
            endpoint: `https://push.example.test/device-${next()}`,
            keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
          },
        }),
        expected: [401, 201, 201, 201, 201],
      },
      {
        name: 'stop push messages to a device never subscribed',
        doc: '/api/push/subscriptions',
        request: () => ({
          method: 'DELETE',
          url: '/api/push/subscriptions',
          payload: { endpoint: 'https://push.example.test/never' },
        }),
        expected: [401, 404, 404, 404, 404],
      },
      {
        name: 'my saved searches',
        doc: '/api/saved-searches',
        request: () => ({ url: '/api/saved-searches' }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: 'save a search',
        doc: '/api/saved-searches',
        request: () => ({
          method: 'POST',
          url: '/api/saved-searches',
          payload: { name: 'Noida', filters: { city: 'Noida' } },
        }),
        expected: [401, 201, 201, 201, 201],
      },
      {
        name: "open the dealer's saved search",
        doc: '/api/saved-searches/{id}/open',
        request: () => ({
          method: 'POST',
          url: `/api/saved-searches/${savedSearches.dealer}/open`,
        }),
        expected: [401, 403, 200, 403, 403],
      },
      {
        name: "change the dealer's saved search's e-mail mode",
        doc: '/api/saved-searches/{id}',
        request: () => ({
          method: 'PUT',
          url: `/api/saved-searches/${savedSearches.dealer}`,
          payload: { emailMode: 'daily' },
        }),
        expected: [401, 403, 200, 403, 403],
      },
      {
        name: "open the unsubscribe link of the dealer's saved search (whoever holds the mail's link)",
        doc: '/api/unsubscribe',
        request: () => ({ url: `/api/unsubscribe?token=${unsubscribeToken}` }),
        expected: [200, 200, 200, 200, 200],
      },
      {
        name: "unsubscribe from the dealer's saved search with one click (whoever holds the link)",
        doc: '/api/unsubscribe',
        request: () => ({
          method: 'POST',
          url: `/api/unsubscribe?token=${unsubscribeToken}`,
          payload: { 'List-Unsubscribe': 'One-Click' },
        }),
        expected: [200, 200, 200, 200, 200],
      },
      {
        name: 'unsubscribe with a tampered link',
        doc: '/api/unsubscribe',
        request: () => ({
          method: 'POST',
          url: `/api/unsubscribe?token=${unsubscribeToken.replace(/^s\d+/, `s${savedSearches.otherDealer}`)}`,
          payload: { 'List-Unsubscribe': 'One-Click' },
        }),
        expected: [400, 400, 400, 400, 400],
      },
      {
        name: "delete the other dealer's saved search",
        doc: '/api/saved-searches/{id}',
        request: () => ({
          method: 'DELETE',
          url: `/api/saved-searches/${savedSearches.otherDealer}`,
        }),
        expected: [401, 403, 403, 403, 204],
      },
      {
        name: 'my notifications',
        doc: '/api/notifications',
        request: () => ({ url: '/api/notifications' }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: 'my unread count',
        doc: '/api/notifications/unread-count',
        request: () => ({ url: '/api/notifications/unread-count' }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: 'mark my notifications read',
        doc: '/api/notifications/read',
        request: () => ({ method: 'PUT', url: '/api/notifications/read', payload: {} }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: 'my account events',
        doc: '/api/me/events',
        request: () => ({ url: '/api/me/events' }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: 'mark my account events read',
        doc: '/api/me/events/read',
        request: () => ({ method: 'PUT', url: '/api/me/events/read', payload: {} }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: 'another e-mail verification link (test members are verified already)',
        doc: '/api/me/email-verification',
        request: () => ({ method: 'POST', url: '/api/me/email-verification' }),
        expected: [401, 400, 400, 400, 400],
      },
      {
        name: "a verification link's confirm page (whoever holds the link)",
        doc: '/api/account/verify-email',
        // A well-formed token (its MAC is checked only when the page's button posts it).
        request: () => ({ url: `/api/account/verify-email?token=1.2.${'a'.repeat(43)}` }),
        expected: [200, 200, 200, 200, 200],
      },
      {
        name: 'confirm an address with a bad verification token',
        doc: '/api/account/verify-email',
        request: () => ({ method: 'POST', url: '/api/account/verify-email?token=1.2.abc' }),
        expected: [400, 400, 400, 400, 400],
      },
      {
        name: 'a notification stream ticket',
        doc: '/api/notifications/stream-ticket',
        request: () => ({ method: 'POST', url: '/api/notifications/stream-ticket' }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: 'the notification stream without a ticket',
        doc: '/api/notifications/stream',
        request: () => ({ url: '/api/notifications/stream?ticket=1.1.forged' }),
        expected: [401, 401, 401, 401, 401],
      },
      {
        name: "read the owner's lead (whoever holds the link)",
        doc: '/api/owner/leads/{token}',
        request: () => ({ url: `/api/owner/leads/${ownerToken}` }),
        expected: [200, 200, 200, 200, 200],
      },
      {
        name: "change the owner's price (whoever holds the link)",
        doc: '/api/owner/leads/{token}',
        request: () => ({
          method: 'PUT',
          url: `/api/owner/leads/${ownerToken}`,
          payload: { price: 700_000 + next() },
        }),
        expected: [200, 200, 200, 200, 200],
      },
      {
        name: "list the owner's photos (whoever holds the link)",
        doc: '/api/owner/leads/{token}/photos',
        request: () => ({ url: `/api/owner/leads/${ownerToken}/photos` }),
        expected: [200, 200, 200, 200, 200],
      },
      {
        name: 'add a photo (whoever holds the link)',
        doc: '/api/owner/leads/{token}/photos',
        request: () => ({
          method: 'POST',
          url: `/api/owner/leads/${ownerToken}/photos`,
          ...multipart(photo),
        }),
        expected: [201, 201, 201, 201, 201],
      },
      {
        name: 'order the photos (whoever holds the link; not every id: refused)',
        doc: '/api/owner/leads/{token}/photos/order',
        request: () => ({
          method: 'PUT',
          url: `/api/owner/leads/${ownerToken}/photos/order`,
          payload: { ids: [] },
        }),
        expected: [400, 400, 400, 400, 400],
      },
      {
        name: 'remove a photo the lead does not have (whoever holds the link)',
        doc: '/api/owner/leads/{token}/photos/{photoId}',
        request: () => ({
          method: 'DELETE',
          url: `/api/owner/leads/${ownerToken}/photos/999999`,
        }),
        expected: [404, 404, 404, 404, 404],
      },
      {
        name: "Admin: remove a lead's photo (none such)",
        doc: '/api/leads/{id}/photos/{photoId}',
        request: () => ({ method: 'DELETE', url: `/api/leads/${leads[0]!.id}/photos/999999` }),
        expected: [401, 403, 403, 404, 403],
      },
      {
        name: 'a photo file (public; none such)',
        doc: '/media/{name}',
        request: () => ({ url: `/media/${'0'.repeat(32)}-thumb.webp` }),
        expected: [404, 404, 404, 404, 404],
      },
      {
        name: 'read the insights',
        doc: '/api/admin/insights',
        request: () => ({ url: '/api/admin/insights?from=2026-01-01&to=2026-01-31' }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: 'read the moderation queue',
        doc: '/api/moderation',
        request: () => ({ url: '/api/moderation' }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: 'approve a flagged lead',
        doc: '/api/moderation/{id}/approve',
        request: () => ({ method: 'PUT', url: `/api/moderation/${flagged[0]!.id}/approve` }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: 'deactivate a flagged lead',
        doc: '/api/moderation/{id}/deactivate',
        request: () => ({
          method: 'PUT',
          url: `/api/moderation/${flagged[1]!.id}/deactivate`,
          payload: { reason: 'Fake number' },
        }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        // Off unless METRICS_TOKEN is configured (the matrix's app has none); metrics.test.ts covers it on.
        name: 'metrics',
        doc: '/metrics',
        request: () => ({ url: '/metrics' }),
        expected: [404, 404, 404, 404, 404],
      },
      {
        name: "download one's own data",
        doc: '/api/me/export',
        request: () => ({ url: '/api/me/export' }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: 'whether UPI payments are on',
        doc: '/api/orders/config',
        request: () => ({ url: '/api/orders/config' }),
        expected: [200, 200, 200, 200, 200],
      },
      {
        // Any member but an Admin buys; each success is a new pending order of that member.
        name: 'order a package',
        doc: '/api/orders',
        request: () => ({
          method: 'POST',
          url: '/api/orders',
          payload: { packageId: leadsPackage() },
        }),
        expected: [401, 200, 200, 403, 200],
      },
      {
        // Only the owner: anyone else's order is not found, never revealed.
        name: "give an order's UTR",
        doc: '/api/orders/{id}/utr',
        request: () => ({
          method: 'PUT',
          url: `/api/orders/${orders.pay}/utr`,
          payload: { utr: '123412341234' },
        }),
        expected: [401, 404, 200, 404, 404],
      },
      {
        name: 'my orders',
        doc: '/api/me/orders',
        request: () => ({ url: '/api/me/orders' }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: "an order's receipt",
        doc: '/api/me/orders/{id}',
        request: () => ({ url: `/api/me/orders/${orders.pay}` }),
        expected: [401, 404, 200, 404, 404],
      },
      {
        name: 'the Payments queue',
        doc: '/api/orders',
        request: () => ({ url: '/api/orders?status=pending' }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: 'confirm an order',
        doc: '/api/orders/{id}/confirm',
        request: () => ({
          method: 'PUT',
          url: `/api/orders/${orders.confirm}/confirm`,
          payload: { utr: null, note: 'Paid' },
        }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: 'reject an order',
        doc: '/api/orders/{id}/reject',
        request: () => ({
          method: 'PUT',
          url: `/api/orders/${orders.reject}/reject`,
          payload: { note: 'No payment seen' },
        }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        // Only the dealer unlocked it: everyone else has no unlock to report (404); the dealer reports it once.
        name: 'report a problem with an unlocked lead',
        doc: '/api/leads/{id}/disputes',
        request: () => ({
          method: 'POST',
          url: `/api/leads/${disputed.lead}/disputes`,
          payload: { reason: 'wrong_number', note: 'Number not in service' },
        }),
        expected: [401, 404, 201, 404, 404],
      },
      {
        name: 'my disputes',
        doc: '/api/me/disputes',
        request: () => ({ url: '/api/me/disputes' }),
        expected: [401, 200, 200, 200, 200],
      },
      {
        name: 'the disputes queue',
        doc: '/api/disputes',
        request: () => ({ url: '/api/disputes?status=pending' }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: 'approve a dispute',
        doc: '/api/disputes/{id}/approve',
        request: () => ({
          method: 'PUT',
          url: `/api/disputes/${disputed.toApprove}/approve`,
          payload: { note: 'Refunded' },
        }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: 'reject a dispute',
        doc: '/api/disputes/{id}/reject',
        request: () => ({
          method: 'PUT',
          url: `/api/disputes/${disputed.toReject}/reject`,
          payload: { note: 'The owner answered our call' },
        }),
        expected: [401, 403, 403, 200, 403],
      },
      {
        name: 'read the audit log',
        doc: '/api/admin/audit',
        request: () => ({ url: '/api/admin/audit?action=settings.update' }),
        expected: [401, 403, 403, 200, 403],
      },
    ];
  };
  let activePackage: number | undefined;
  const leadsPackage = () => activePackage!;

  it('answers every route with the expected status for every caller, and leaks no locked phone', async () => {
    activePackage = await createPackage(ctx, { credits: 30, validity: 30 });
    const lockedBodies: string[] = [];
    for (const route of routes()) {
      for (const [i, who] of callers.entries()) {
        const member = who === 'anonymous' ? undefined : members[who];
        const options = route.request();
        const res = await ctx.app.inject({
          ...options,
          headers: { ...options.headers, ...bearer(member) },
        });
        expect(`${route.name} as ${who}: ${res.statusCode}`).toBe(
          `${route.name} as ${who}: ${route.expected[i]}`,
        );
        if (res.statusCode >= 400) expect(res.headers['content-type']).toMatch(/application\/json/);
        if (who !== 'admin' && who !== 'dealer') lockedBodies.push(res.body);
      }
    }
    const all = lockedBodies.join('\n');
    for (const { phone } of leads) expect(all).not.toContain(phone);
  });

  it('documents every route in the OpenAPI page, and has a row for every documented one', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const route of routes()) expect(paths).toContain(route.doc);
    // And the other way: every documented operation has its row in this matrix.
    const documented = Object.entries(
      (res.json() as { paths: Record<string, Record<string, unknown>> }).paths,
    ).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const covered = new Set(
      routes().map((route) => `${(route.request().method ?? 'GET').toUpperCase()} ${route.doc}`),
    );
    // Open to everyone by design, and tested where they live (health, account, the spec's error test endpoints).
    const open = new Set([
      'GET /api/health',
      'GET /api/health/ready',
      'POST /api/account/register',
      'POST /api/account/login',
      'GET /api/buggy/bad-request',
      'GET /api/buggy/not-found',
      'GET /api/buggy/server-error',
    ]);
    expect(documented.filter((op) => !covered.has(op) && !open.has(op))).toEqual([]);
    const docs = await ctx.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});

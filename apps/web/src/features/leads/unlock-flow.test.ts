// docs/rules.md "Unlock flow" decisions and docs/api.md "Credit flow" texts, one branch at a time.
import { describe, expect, it } from 'vitest';
import { apiMessages, creditFlowMessages, type CurrentUser, type Lead } from '@dealerleads/shared';
import { ApiError } from '../../lib/api-error';
import {
  confirmSpendText,
  feedbackForError,
  feedbackForResult,
  shouldConfirmSpend,
  startUnlock,
} from './unlock-flow';

const dealer: CurrentUser = { id: 2, username: 'dealer', token: 't', role: 'Dealer' };
const admin: CurrentUser = { id: 1, username: 'admin', token: 't', role: 'Admin' };
const locked = { unlocked: false };
const lead = { id: 9, unlocked: true } as Lead;

const badRequest = (message: string) => new ApiError(400, 'Bad Request', { status: 400, message });

describe('a click on the lock', () => {
  it('opens the purchase popup for a visitor', () => {
    expect(startUnlock(null, locked)).toEqual({ kind: 'purchase-popup' });
  });
  it('just shows an already unlocked contact', () => {
    expect(startUnlock(dealer, { unlocked: true })).toEqual({ kind: 'show' });
  });
  it('unlocks for an Admin through the server, which charges no credit', () => {
    expect(startUnlock(admin, locked)).toEqual({ kind: 'unlock' });
  });
  it('needs a user id', () => {
    expect(startUnlock({ ...dealer, id: 0 }, locked)).toEqual({ kind: 'missing-user-id' });
  });
  it("calls the server's atomic unlock for a member", () => {
    expect(startUnlock(dealer, locked)).toEqual({ kind: 'unlock' });
  });
});

describe('the answer of the unlock', () => {
  it('tells how many credits remain', () => {
    expect(feedbackForResult({ lead, charged: true, creditsRemaining: 49 })).toEqual({
      toasts: [
        {
          kind: 'success',
          message: 'Lead contact details unlocked. 1 credit used. 49 credits remaining.',
        },
      ],
      purchasePopup: false,
      login: false,
    });
  });

  it('names the balance across every package, in the singular for one credit', () => {
    // The package spent is empty, but another holds 9 credits: no "last credit".
    expect(feedbackForResult({ lead, charged: true, creditsRemaining: 0 }, 9).toasts).toEqual([
      {
        kind: 'success',
        message: 'Lead contact details unlocked. 1 credit used. 9 credits remaining.',
      },
    ]);
    expect(feedbackForResult({ lead, charged: true, creditsRemaining: 3 }, 1).toasts).toEqual([
      {
        kind: 'success',
        message: 'Lead contact details unlocked. 1 credit used. 1 credit remaining.',
      },
    ]);
  });

  it('asks "Use 1 of your N credits?" only when a credit will be spent', () => {
    const summary = { balance: 13, unlimitedUntil: null, packages: [] };
    expect(shouldConfirmSpend(summary)).toBe(true);
    expect(confirmSpendText(13)).toBe('Use 1 of your 13 credits?');
    expect(confirmSpendText(1)).toBe('Use 1 of your 1 credit?');
    expect(shouldConfirmSpend({ ...summary, unlimitedUntil: '2026-12-31' })).toBe(false);
    expect(shouldConfirmSpend({ ...summary, balance: 0 })).toBe(false);
    expect(shouldConfirmSpend(null)).toBe(false);
  });

  it('adds the last-credit info at 0', () => {
    expect(feedbackForResult({ lead, charged: true, creditsRemaining: 0 }).toasts).toEqual([
      {
        kind: 'success',
        message: 'Lead contact details unlocked. 1 credit used. 0 credits remaining.',
      },
      {
        kind: 'info',
        message:
          'This was your last credit. Please purchase more credits to unlock additional leads.',
      },
    ]);
  });

  it('says nothing when no credit was involved (Admin, already unlocked)', () => {
    expect(feedbackForResult({ lead, charged: false, creditsRemaining: null }).toasts).toEqual([]);
  });

  it('does not claim a credit for an Unlimited package', () => {
    expect(feedbackForResult({ lead, charged: false, creditsRemaining: 30 }).toasts).toEqual([
      { kind: 'success', message: creditFlowMessages.unlimitedUnlock },
    ]);
  });

  it.each([
    [creditFlowMessages.noActivePackage, creditFlowMessages.noActivePackage],
    [creditFlowMessages.allCreditsUsed, creditFlowMessages.allCreditsUsed],
    [creditFlowMessages.expired, creditFlowMessages.expired],
    [apiMessages.noCreditsToSubtract, creditFlowMessages.noCreditsWarning],
    [apiMessages.packageExpired, creditFlowMessages.expired],
    [apiMessages.packageInactiveSubtract, creditFlowMessages.inactive],
  ])('warns %j and opens the purchase popup', (serverText, shown) => {
    expect(feedbackForError(badRequest(serverText))).toEqual({
      toasts: [{ kind: 'warning', message: shown }],
      purchasePopup: true,
      login: false,
    });
  });

  it('warns that a sold-out lead cost nothing, without the purchase popup', () => {
    expect(feedbackForError(badRequest(creditFlowMessages.soldOut))).toEqual({
      toasts: [{ kind: 'warning', message: creditFlowMessages.soldOut }],
      purchasePopup: false,
      login: false,
    });
  });

  it.each([
    ['another 400', badRequest('Something else')],
    ['a 404', new ApiError(404, 'Not Found', { status: 404, message: 'Lead not found' })],
    ['a 500', new ApiError(500, 'Internal Server Error', null)],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('answers %s with the generic failure', (_, error) => {
    expect(feedbackForError(error)).toEqual({
      toasts: [
        { kind: 'error', message: 'Failed to process your request. Please try again later.' },
      ],
      purchasePopup: false,
      login: false,
    });
  });

  it('sends a refused session to the login page', () => {
    const feedback = feedbackForError(new ApiError(401, 'Unauthorized', { status: 401 }));
    expect(feedback.login).toBe(true);
    expect(feedback.toasts).toEqual([
      {
        kind: 'error',
        message: 'Unauthorized - Please log in again',
        title: 'Authentication Error',
      },
    ]);
  });
});

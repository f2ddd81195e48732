// The runtime: English until Hindi is chosen, Hindi loaded on demand, the choice kept on the device and on <html lang>.
import { afterEach, describe, expect, it } from 'vitest';
import { formatInr, formatLeadDate } from '../lib/format';
import { leadsTexts } from './en/leads';
import { errorMessage, ApiError } from '../lib/api-error';
import { getLanguage, LANGUAGE_STORAGE_KEY, serverText, setLanguage, translate } from './runtime';

afterEach(async () => {
  await setLanguage('en');
  localStorage.clear();
});

describe('i18n runtime', () => {
  it('says English texts verbatim, filled in and in the right plural', () => {
    expect(getLanguage()).toBe('en');
    expect(translate(leadsTexts, 'unlock')).toBe('Unlock contact');
    expect(translate(leadsTexts, 'confirmSpend', { count: 1 })).toBe('Use 1 of your 1 credit?');
    expect(translate(leadsTexts, 'confirmSpend', { count: 9 })).toBe('Use 1 of your 9 credits?');
    expect(translate(leadsTexts, 'showing', { first: 1, last: 20, total: '1,234' })).toBe(
      'Showing 1–20 of 1,234 leads',
    );
  });

  it('switches to Hindi, keeps it on the device and on <html lang>, and back', async () => {
    await setLanguage('hi');
    expect(getLanguage()).toBe('hi');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(translate(leadsTexts, 'unlock')).toBe('नंबर खोलें');
    expect(translate(leadsTexts, 'confirmSpend', { count: 9 })).toBe(
      'आपके 9 क्रेडिट में से 1 इस्तेमाल करें?',
    );
    await setLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(translate(leadsTexts, 'unlock')).toBe('Unlock contact');
  });

  it("says a known API code in Hindi and any other the server's way", async () => {
    const body = { status: 400, code: 'creditFlow.allCreditsUsed', message: 'English text' };
    expect(serverText(body.code, body.message)).toBe('English text');
    await setLanguage('hi');
    expect(serverText(body.code, body.message)).toMatch(/क्रेडिट/);
    expect(serverText('badRequest', 'Some server text')).toBe('Some server text');
    expect(errorMessage(new ApiError(400, 'Bad Request', body), 'fallback')).toMatch(/क्रेडिट/);
  });

  it('formats numbers and dates through hi-IN in Hindi and keeps English as it was', async () => {
    expect(formatInr(1250000)).toBe('₹12,50,000');
    const english = formatLeadDate('2026-11-28T07:40:19Z');
    expect(english).toMatch(/^\d{2}\/\d{2}\/2026 \d{2}:\d{2}:\d{2} [AP]M$/);
    await setLanguage('hi');
    expect(formatInr(1250000)).toBe(
      `₹${new Intl.NumberFormat('hi-IN', { maximumFractionDigits: 0 }).format(1250000)}`,
    );
    expect(formatLeadDate('2026-11-28T07:40:19Z')).not.toBe(english);
  });
});

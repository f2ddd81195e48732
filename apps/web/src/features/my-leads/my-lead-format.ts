// How a worked lead reads: the car's title, India's +91 call and WhatsApp links, and the WhatsApp opener naming the car.
import { COUNTRY_CALLING_CODE, type MyLead } from '@dealerleads/shared';
import { findBrand } from '@dealerleads/shared/catalogues';
import { myLeadsTexts } from '../../i18n/en/my-leads';
import { getLocale, translate } from '../../i18n/runtime';

export function carTitle(lead: Pick<MyLead, 'year' | 'brand' | 'model'>): string {
  return `${lead.year} ${findBrand(lead.brand)?.label ?? lead.brand} ${lead.model}`;
}

/** "Hi, I'm calling about your 2019 Hyundai Creta listed on DealerLeads…" */
export function whatsAppMessage(lead: Pick<MyLead, 'year' | 'brand' | 'model'>): string {
  return translate(myLeadsTexts, 'whatsAppMessage', { car: carTitle(lead) });
}

export function contactLinksOf(lead: Pick<MyLead, 'phoneNumber' | 'year' | 'brand' | 'model'>) {
  const digits = lead.phoneNumber.replace(/\D/g, '');
  return {
    display: `+${COUNTRY_CALLING_CODE} ${digits}`,
    tel: `tel:+${COUNTRY_CALLING_CODE}${digits}`,
    whatsapp: `https://wa.me/${COUNTRY_CALLING_CODE}${digits}?text=${encodeURIComponent(whatsAppMessage(lead))}`,
  };
}

const dateTimes = new Map<string, Intl.DateTimeFormat>();
const INDIA_DATE_TIME: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
};

/** An instant as India reads it: '23 Nov 2026, 09:15 pm'. */
export function formatIndiaDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = getLocale();
  let format = dateTimes.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, INDIA_DATE_TIME);
    dateTimes.set(locale, format);
  }
  return format.format(date);
}

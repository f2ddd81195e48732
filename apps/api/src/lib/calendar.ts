// Calendar dates (YYYY-MM-DD) for package validity, counted in India's time zone: the shared implementation,
// under the path the API's modules import it from.
export { addDays, todayInIndia } from '@dealerleads/shared';

// Test fixture: the price list the purchase popup shows (GET /api/packages), for any screen's tests.
import type { Package } from '@dealerleads/shared';

export const pricePackages: Package[] = [
  {
    id: 2,
    packageName: 'Starter 10 Leads',
    packageCode: 'STARTER10',
    packageType: 'Lead',
    packageCredits: 10,
    packageUnit: 'Leads',
    packageValidity: 30,
    packagePrice: 999,
    isActive: true,
  },
  {
    id: 5,
    packageName: 'Unlimited 30 Days',
    packageCode: 'UNL30',
    packageType: 'Unlimited',
    packageCredits: 30,
    packageUnit: 'Days',
    packageValidity: 30,
    packagePrice: 14_999,
    isActive: true,
  },
];

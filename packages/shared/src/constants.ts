// Business constants of docs/rules.md (page sizes, page-button limits, field limits, timings) shared by API and web.

export const FIRST_PAGE = 1;

export const PAGE_SIZE = {
  leads: 60,
  members: 36,
  packages: 5,
  userPackages: 5,
  /** Packages listed when a dealer looks for one to spend a credit from. */
  unlockPackageLookup: 10,
  /** Upper bound any client may ask for in one page. */
  max: 100,
} as const;

export const MAX_PAGE_BUTTONS = {
  leads: 6,
  members: 12,
  packages: 5,
  userPackages: 5,
} as const;

export const LIMITS = {
  phoneLength: 10,
  pincodeLength: 6,
  /** docs/deviations.md: 8 to 64 characters instead of the spec's 4 to 8. */
  passwordMin: 8,
  passwordMax: 64,
  packageNameMax: 100,
  packageCodeMax: 20,
  packageTypeMax: 50,
  packageUnitMax: 20,
  /** Characters of a phone number left visible by the mask. */
  phoneMaskVisible: 3,
  textMax: 100,
  userNameMax: 50,
  emailMax: 254,
  searchtermMax: 100,
} as const;

export const CREDITS_PER_UNLOCK = 1;

/** Accounts one e-mail address may back: alert mails cannot be multiplied by registering it again and again. */
export const MAX_ACCOUNTS_PER_EMAIL = 3;

export const TOAST = {
  timeoutMs: 5000,
  extendedTimeoutMs: 1000,
  easeMs: 300,
} as const;

export const UI = {
  sideMenuWidthPx: 250,
  filterPanelWidthPx: 250,
  demoSpecsDelayMs: 2000,
  devRequestDelayMs: 1000,
  modalAnimationMs: 300,
  backdropAnimationMs: 150,
} as const;

/** India's calling code, put before every phone and WhatsApp link. */
export const COUNTRY_CALLING_CODE = '91';

/** Where the purchase popup, the side menu and the signup popup send people to buy or talk. */
export const WHATSAPP_CONTACT_NUMBER = '919810000000';
export const WHATSAPP_CHAT_URL = `https://wa.me/${WHATSAPP_CONTACT_NUMBER}`;

/** Same phone, same brand and model within this many days counts as a duplicate lead. */
export const DUPLICATE_LEAD_WINDOW_DAYS = 30;

/** A lead form filled in fewer seconds than this (its `fillSeconds`) was not filled by a person reading it. */
export const FAST_FILL_SECONDS = 20;

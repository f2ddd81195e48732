// Every user-facing text of docs/rules.md that both the API and the web app need, verbatim.
import { MAX_ACCOUNTS_PER_EMAIL } from './constants';

export const textMessages = {
  required: (label: string) => `Please enter ${label}`,
  minLength: (label: string, n: number) => `${label} must be at least ${n} characters`,
  maxLength: (label: string, n: number) => `${label} must be at most ${n} characters`,
  passwordsMustMatch: 'Password and Confirm Password must match',
  /** Ten digits that are no Indian mobile (design.md §9.10). */
  notIndianMobile: (label: string) =>
    `${label} must be an Indian mobile number starting with 6, 7, 8 or 9.`,
} as const;

export const leadWizardMessages = {
  year: 'Year is required.',
  brand: 'Brand is required.',
  model: 'Model is required.',
  ownerType: 'Owner Type is required.',
  transmission: 'Transmission is required.',
  fuelType: 'Fuel Type is required.',
  seats: 'Seats are required.',
  fullName: 'Full Name is required.',
  city: 'City is required.',
  phoneNumber: 'Phone Number is required and must be 10 digits.',
  price: 'Expected Price is required.',
  kmDriven: 'Kilometres Driven is required.',
  consent: 'Please agree to share your number with dealers.',
} as const;

export const packageMessages = {
  nameRequired: 'Package name is required',
  codeRequired: 'Package code is required',
  typeRequired: 'Package type is required',
  creditsRequired: 'Package credits is required',
  creditsPositive: 'Package credits must be greater than 0',
  unitRequired: 'Package unit is required',
  validityRequired: 'Package validity is required',
  validityPositive: 'Package validity must be greater than 0',
  priceRequired: 'Package price is required',
  priceNotNegative: 'Package price must be greater than or equal to 0',
} as const;

export const userPackageMessages = {
  userRequired: 'Please select a user',
  packageRequired: 'Please select a package',
  startDateRequired: 'Start date is required',
  fillRequired: 'Please fill in all required fields',
} as const;

/** Texts the API returns as `message` of a business-rule error (docs/api.md). */
export const apiMessages = {
  validationTitle: 'One or more validation errors occurred.',
  usernameTaken: 'Username is taken',
  usernameLookAlike:
    'This user name looks like one that is already taken. Please choose a clearly different name.',
  tooManyAccountsForEmail: `This e-mail address already belongs to ${MAX_ACCOUNTS_PER_EMAIL} accounts. Please use another address.`,
  concurrentWrite:
    'Another request saved the same thing at the same moment. Nothing was changed; please try again.',
  invalidCredentials: 'Invalid username or password',
  inactiveMember: 'Your account is inactive. Please contact us to reactivate it.',
  unauthorized: 'Unauthorized',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  serverError: 'Internal server error',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  tooManyLogins: 'Too many login attempts. Please wait a minute and try again.',
  serverBusy: 'The server is busy. Please try again in a moment.',
  invalidLeadId: 'Invalid lead ID',
  leadNotFound: 'Lead not found',
  duplicateLead: 'This car has already been submitted with this phone number in the last 30 days.',
  memberNotFound: 'Member not found',
  ownRoleOrStatus: 'You cannot change your own role or status',
  packageNotFound: 'Package not found',
  packageCodeTaken: 'Package code is already in use',
  packageInactive: 'This package is inactive and cannot be assigned',
  userNotFound: 'User not found',
  creditDebitedTooHigh: 'Credits debited cannot exceed the package credits',
  // docs/api.md "Credit flow": the server texts of the subtract-credit and lead-view calls
  noCreditsToSubtract: 'No credits available to subtract',
  packageExpired: 'Package has expired. Package status set to inactive.',
  packageInactiveSubtract: 'Cannot subtract credit from an inactive package',
  userPackageMapNotFound: 'UserPackageMap not found',
  userPackageMapInactive: 'Cannot add lead mapping to inactive UserPackageMap',
  spendCreditFirst: 'Subtract a credit from this package before recording a lead view',
  packageNotStarted: 'This package has not started yet. Credits can be used from its start date.',
  assignmentMemberFixed:
    'An assignment stays with its member. Assign a new package to the other member instead.',
  endedPackageCredits: 'This package has ended: its credits can no longer change.',
  packageAlreadyEnded:
    'This package would already have ended. Choose a start date so that it ends today or later.',
} as const;

/** docs/api.md "Credit flow": what the dealer is told. The atomic unlock returns these as its 400 texts. */
export const creditFlowMessages = {
  noCreditsWarning: 'You have no more credits available in this package.',
  expired: 'Your package has expired. Please purchase a new package.',
  inactive: 'Your package is inactive. Please purchase a new package.',
  failed: 'Failed to process your request. Please try again later.',
  checkFailed: 'Could not verify your subscription status.',
  noActivePackage: "You need an active package with available credits to view this lead's details.",
  allCreditsUsed:
    'You have used all available credits. Please purchase more credits to view new leads.',
  success: (remaining: number) =>
    `Lead contact details unlocked. 1 credit used. ${remaining} ${remaining === 1 ? 'credit' : 'credits'} remaining.`,
  /** Ours, not the spec's: an Unlimited package spends no credit, so the spec's success text would be wrong. */
  unlimitedUnlock: 'Lead contact details unlocked with your unlimited package.',
  /** Ours: the cap per lead (docs/credits.md). */
  soldOut: 'This lead is sold out: the most dealers allowed have unlocked it. No credit was used.',
  /** Ours: the spec's record-a-view call on a sold-out lead gives back the credit subtract-credit took. */
  soldOutCreditReturned:
    'This lead is sold out: the most dealers allowed have unlocked it. The credit you subtracted was returned to your package.',
  /** Ours: the spec's record-a-view call for a lead that is gone gives back the credit subtract-credit took. */
  leadNotFoundCreditReturned:
    'Lead not found. The credit you subtracted was returned to your package.',
  lastCredit: 'This was your last credit. Please purchase more credits to unlock additional leads.',
  missingUserId: 'User ID not found. Please log in again.',
} as const;

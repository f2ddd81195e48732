// The owner's screens: their car's private page, its photos, the lead form's result and private link.
import { defineTexts } from '../runtime';

export const ownerTexts = defineTexts('owner', {
  'status.open': 'Listed',
  'status.sold': 'Sold',
  'status.withdrawn': 'Withdrawn',
  'status.expired': 'Expired',
  waitingForCheck: 'Waiting for a check',
  'sold.title': 'Mark your car as sold?',
  'sold.confirm': 'Mark as sold',
  'withdrawn.title': 'Withdraw your car?',
  'withdrawn.confirm': 'Withdraw',
  closingMessage:
    'Dealers will no longer see your car or call you about it. This cannot be undone.',
  unreachable: 'Could not reach DealerLeads. Check your connection and try again.',
  expectedPrice: 'Expected Price',
  savePrice: 'Save price',
  yourCar: 'Your car',
  listedOn: '{{city}} · {{price}} · listed {{date}}',
  unlockCount: '{{count}} of {{max}} dealers have unlocked your number',
  staysUntil: 'Your car stays on the list until {{date}}.',
  takeOff: 'Sold it, or changed your mind? Take it off the list and dealers stop calling.',
  closed:
    'This listing is closed: dealers no longer see your car. Your phone number is erased from DealerLeads 180 days after it closed.',
  photosTitle: 'Photos of your car',
  photosHelp:
    'Dealers decide from photos: add up to {{max}} (JPEG, PNG, WebP or AVIF, at most 10 MB each). The first one is the cover. Photos never show where they were taken.',
  addPhotos: 'Add photos',
  orDrop: 'or drop them here',
  uploads: 'Uploads',
  uploading: 'Uploading {{name}}',
  yourPhotos: 'Your photos',
  photoAlt: 'Photo {{index}}',
  photoAltCover: 'Photo {{index}} (cover)',
  cover: 'Cover',
  moveEarlier: 'Move photo {{index}} earlier',
  moveLater: 'Move photo {{index}} later',
  removePhoto: 'Remove photo {{index}}',
});

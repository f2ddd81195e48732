// The nav's bell (notifications, push on this device) and saved searches.
import { defineTexts } from '../runtime';

export const alertsTexts = defineTexts('alerts', {
  notifications: 'Notifications',
  countLabel: '{{label}} ({{count}})',
  newLeadsForSearches: 'New leads for your saved searches',
  markAllRead: 'Mark all read',
  noNotifications: 'No notifications yet',
  notificationLine: '{{car}} in {{city}},',
  'push.turnOn': 'Turn on alerts on this device',
  'push.turnOff': 'Turn off alerts on this device',
  'push.on': 'Alerts are on for this device.',
  'push.denied':
    'Notifications are blocked for this site: allow them in the browser settings to get alerts.',
  'push.failed': 'Alerts could not be turned on. Please try again.',
  saveSearch: 'Save this search',
  searchSaved: 'Search saved',
  searchSaveFailed: 'The search could not be saved',
  name: 'Name',
  namePlaceholder: 'e.g. Cretas in Gurugram under ₹10 lakh',
  email: 'E-mail',
  save: 'Save',
  savedSearches: 'Saved searches',
  noSavedSearches: 'No saved searches yet: filter the lead list, then save the search.',
  newCount: '{{count}} new',
  emailFor: 'E-mail for {{name}}',
  emailSaved: 'E-mail setting saved',
  settingFailed: 'The setting could not be saved',
  deleteSearch: 'Delete {{name}}',
  'mode.instant': 'E-mail at once',
  'mode.daily': 'Daily digest',
  'mode.off': 'No e-mail',
});

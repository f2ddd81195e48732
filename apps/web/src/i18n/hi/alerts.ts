// The bell and saved searches in Hindi (en/alerts.ts).
import type { HindiOf } from '../runtime';
import type { alertsTexts } from '../en/alerts';

export const alerts = {
  notifications: 'सूचनाएँ',
  countLabel: '{{label}} ({{count}})',
  newLeadsForSearches: 'आपकी सेव की गई खोजों की नई लीड्स',
  markAllRead: 'सब पढ़ ली गईं',
  noNotifications: 'अभी कोई सूचना नहीं',
  notificationLine: '{{car}}, {{city}} में,',
  'push.turnOn': 'इस फ़ोन पर अलर्ट चालू करें',
  'push.turnOff': 'इस फ़ोन पर अलर्ट बंद करें',
  'push.on': 'इस फ़ोन पर अलर्ट चालू हैं।',
  'push.denied': 'इस साइट की सूचनाएँ ब्लॉक हैं: अलर्ट पाने के लिए ब्राउज़र की सेटिंग्स में इन्हें चालू करें।',
  'push.failed': 'अलर्ट चालू नहीं हो सके। कृपया दोबारा कोशिश करें।',
  saveSearch: 'यह खोज सेव करें',
  searchSaved: 'खोज सेव हो गई',
  searchSaveFailed: 'खोज सेव नहीं हो सकी',
  name: 'नाम',
  namePlaceholder: 'जैसे गुरुग्राम में ₹10 लाख से कम की क्रेटा',
  email: 'ई-मेल',
  save: 'सेव करें',
  savedSearches: 'सेव की गई खोजें',
  noSavedSearches: 'अभी कोई खोज सेव नहीं है: लीड्स पर फ़िल्टर लगाएँ, फिर खोज सेव करें।',
  newCount: '{{count}} नई',
  emailFor: '{{name}} के लिए ई-मेल',
  emailSaved: 'ई-मेल की सेटिंग सेव हो गई',
  settingFailed: 'सेटिंग सेव नहीं हो सकी',
  deleteSearch: '{{name}} हटाएँ',
  'mode.instant': 'तुरंत ई-मेल',
  'mode.daily': 'रोज़ का सार',
  'mode.off': 'ई-मेल नहीं',
} satisfies HindiOf<typeof alertsTexts>;

// The owner's screens in Hindi (en/owner.ts).
import type { HindiOf } from '../runtime';
import type { ownerTexts } from '../en/owner';

export const owner = {
  'status.open': 'लिस्ट में है',
  'status.sold': 'बिक गई',
  'status.withdrawn': 'हटा ली',
  'status.expired': 'मियाद ख़त्म',
  waitingForCheck: 'जाँच का इंतज़ार',
  'sold.title': 'अपनी कार को बिकी हुई बताएँ?',
  'sold.confirm': 'बिकी हुई बताएँ',
  'withdrawn.title': 'अपनी कार हटा लें?',
  'withdrawn.confirm': 'हटा लें',
  closingMessage: 'डीलर आपकी कार नहीं देखेंगे और इसके बारे में कॉल नहीं करेंगे। यह वापस नहीं हो सकता।',
  unreachable: 'DealerLeads से जुड़ नहीं पाए। अपना इंटरनेट देखें और दोबारा कोशिश करें।',
  expectedPrice: 'अपेक्षित क़ीमत',
  savePrice: 'क़ीमत सेव करें',
  yourCar: 'आपकी कार',
  listedOn: '{{city}} · {{price}} · {{date}} को लिस्ट हुई',
  unlockCount: '{{max}} में से {{count}} डीलरों ने आपका नंबर खोला है',
  staysUntil: 'आपकी कार {{date}} तक लिस्ट में रहेगी।',
  takeOff: 'कार बिक गई, या इरादा बदल गया? इसे लिस्ट से हटाएँ, डीलरों के कॉल बंद हो जाएँगे।',
  closed:
    'यह लिस्टिंग बंद है: डीलर अब आपकी कार नहीं देखते। बंद होने के 180 दिन बाद आपका फ़ोन नंबर DealerLeads से मिटा दिया जाता है।',
  photosTitle: 'आपकी कार की फ़ोटो',
  photosHelp:
    'डीलर फ़ोटो देखकर फ़ैसला करते हैं: {{max}} तक फ़ोटो डालें (JPEG, PNG, WebP या AVIF, हर एक ज़्यादा से ज़्यादा 10 MB)। पहली फ़ोटो मुख्य फ़ोटो होगी। फ़ोटो से कभी पता नहीं चलता कि वह कहाँ खींची गई।',
  addPhotos: 'फ़ोटो डालें',
  orDrop: 'या यहाँ छोड़ें',
  uploads: 'अपलोड',
  uploading: '{{name}} अपलोड हो रही है',
  yourPhotos: 'आपकी फ़ोटो',
  photoAlt: 'फ़ोटो {{index}}',
  photoAltCover: 'फ़ोटो {{index}} (मुख्य)',
  cover: 'मुख्य',
  moveEarlier: 'फ़ोटो {{index}} पहले करें',
  moveLater: 'फ़ोटो {{index}} बाद में करें',
  removePhoto: 'फ़ोटो {{index}} हटाएँ',
} satisfies HindiOf<typeof ownerTexts>;

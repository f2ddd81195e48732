// The frame of the first screen in Hindi (en/layout.ts).
import type { HindiOf } from '../runtime';
import type { layoutTexts } from '../en/layout';

export const layout = {
  openMenu: 'मेनू खोलें',
  signIn: 'साइन इन करें',
  userMenu: 'यूज़र मेनू',
  loading: 'लोड हो रहा है...',
  reload: 'फिर से लोड करें',
  somethingWrong: 'कुछ गड़बड़ हो गई',
  reloadAndRetry: 'कृपया पेज फिर से लोड करके दोबारा कोशिश करें।',
  homePage: 'होम पेज',
  pages: 'पेज',
  firstPage: 'पहला पेज',
  previousPage: 'पिछला पेज',
  nextPage: 'अगला पेज',
  lastPage: 'आख़िरी पेज',
  pageNumber: 'पेज {{page}}',
  unauthorized: 'आप लॉग इन नहीं हैं - कृपया फिर से लॉग इन करें',
  unauthorizedTitle: 'लॉग इन की गड़बड़ी',
  sessionExpired: 'आपका सत्र समाप्त हो गया है। कृपया फिर से लॉग इन करें।',
  skipToMain: 'मुख्य हिस्से पर जाएँ',
} satisfies HindiOf<typeof layoutTexts>;

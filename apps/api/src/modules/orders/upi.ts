// The UPI payment link of an order, in NPCI's deep-link format (docs/credits.md, "Buying a package"):
// upi://pay?pa=<payee VPA>&pn=<payee name>&am=<rupees with 2 decimals>&cu=INR&tn=<order reference>.

export interface UpiPayee {
  vpa: string;
  merchantName: string;
}

/** Each value URL-encoded; '@' stays as it is in the VPA (it is allowed in a query and some UPI apps expect it). */
export function upiPayUri(payee: UpiPayee, amountRupees: number, reference: string): string {
  const params: [string, string][] = [
    ['pa', payee.vpa],
    ['pn', payee.merchantName],
    ['am', `${amountRupees}.00`],
    ['cu', 'INR'],
    ['tn', reference],
  ];
  const query = params
    .map(([key, value]) => `${key}=${encodeURIComponent(value).replaceAll('%40', '@')}`)
    .join('&');
  return `upi://pay?${query}`;
}

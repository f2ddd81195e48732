// The UTR field takes a reference pasted grouped in fours, as payment apps show it, and sends it without spaces.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CreatedOrder } from '@dealerleads/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import { createQueryClient } from '../lib/query-client';
import { http, HttpResponse, setupFakeApi } from '../test/fake-api';
import { UpiPayment, upiTexts } from './upi-payment';

const order: CreatedOrder = {
  id: 7,
  reference: 'DL-20261123-ABCDEF',
  userId: 2,
  userName: 'dealer',
  packageId: 3,
  packageName: 'Starter',
  packageType: 'Paid',
  credits: 10,
  unit: 'Leads',
  validityDays: 30,
  amount: 12_999,
  status: 'pending',
  utr: null,
  adminNote: null,
  createdOn: '2026-11-23T10:00:00.000Z',
  expiresOn: '2026-11-25T10:00:00.000Z',
  decidedOn: null,
  userPackageId: null,
  upiUri:
    'upi://pay?pa=dealer.leads@okaxis&pn=DealerLeads&am=12999.00&cu=INR&tn=DL-20261123-ABCDEF',
};

const api = setupFakeApi(
  http.put('/api/orders/7/utr', () => HttpResponse.json({ ...order, utr: '412345678901' })),
);

describe('UTR', () => {
  it('accepts a UTR pasted with spaces and sends its 12 digits', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <UpiPayment
              order={order}
              config={{
                upiEnabled: true,
                payeeVpa: 'dealer.leads@okaxis',
                payeeName: 'DealerLeads',
              }}
            />
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <AppProvider queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    const user = userEvent.setup();
    const field = screen.getByLabelText(upiTexts.utrLabel);
    await user.click(field);
    await user.paste('4123 4567 8901');
    expect(field).toHaveValue('4123 4567 8901');
    await user.click(screen.getByRole('button', { name: upiTexts.submit }));
    expect(await screen.findByTestId('payment-submitted')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/orders/7/utr').map((call) => call.body)).toEqual([
      { utr: '412345678901' },
    ]);
  });
});

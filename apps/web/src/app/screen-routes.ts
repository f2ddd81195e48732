// Every route of docs/screens.md but '' and the lead list's, with its guard; the screens are lazy chunks. This table is
// a lazy chunk too: the router adds it under the screens' group when a navigation needs it (app/router.tsx).
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { logOut, requireAdmin, requireAdminOrSelf, requireUser } from './guards';
import { SessionGate } from './layout/session-gate';

/*
 * Decision on `dealers/packages` and `dealers/user-packages`: docs/screens.md lists both as open and
 * also puts `packages` in the guarded group with role Admin. The route is the package
 * *management* screen, so it is guarded: anonymous → 'You shall not pass!', non-admin →
 * 'You are not authorized to access this area' and '/'. `dealers/user-packages` gets the same
 * guard (docs/deviations.md). The price list stays public through GET /api/packages, which a
 * dealer-facing screen (e.g. the purchase popup) may show without this route.
 *
 * Decision on `dealers/lead/edit/:id`: the spec only requires a login, but the screen is for
 * Admins (docs/screens.md) and the API refuses anyone else's save (docs/api.md), so it is Admin-only
 * with the 'not authorized' toast rather than a form whose Save always fails.
 *
 * `members/:username` and `member/edit/:username` ('Edit Profile') admit Admins and the member
 * themselves; anyone else gets the members-area toast and '/'.
 */
const loadNotFoundPage = async () => ({
  Component: (await import('../features/errors/not-found-page')).NotFoundPage,
});

export const screenRoutes: RouteObject[] = [
  // A lazy chunk: dealers land on the lead list, whose first download has no room to spare.
  {
    path: paths.home,
    lazy: async () => ({
      Component: (await import('../features/home/home-page')).HomePage,
    }),
  },
  // Forms (react-hook-form, zod) and popups load on demand, outside the lead list's download.
  {
    path: paths.register,
    lazy: async () => ({
      Component: (await import('../features/auth/register-page')).RegisterPage,
    }),
  },
  {
    path: paths.signupSuccess,
    lazy: async () => ({
      Component: (await import('../features/auth/signup-success-page')).SignupSuccessPage,
    }),
  },
  {
    path: paths.login,
    lazy: async () => ({
      Component: (await import('../features/auth/login-page')).LoginPage,
    }),
  },
  {
    path: paths.forgotPassword,
    lazy: async () => ({
      Component: (await import('../features/auth/forgot-password-page')).ForgotPasswordPage,
    }),
  },
  {
    path: paths.resetPassword,
    lazy: async () => ({
      Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage,
    }),
  },
  {
    path: paths.resetPasswordLink,
    lazy: async () => ({
      Component: (await import('../features/auth/reset-password-page')).ResetPasswordLinkPage,
    }),
  },
  {
    path: paths.leadDetail.path,
    lazy: async () => {
      const { LeadDetailPage, leadDetailLoader } =
        await import('../features/leads/lead-detail-page');
      return { Component: LeadDetailPage, loader: leadDetailLoader };
    },
  },
  {
    path: paths.leadForm,
    lazy: async () => ({
      Component: (await import('../features/lead-form/lead-form-page')).LeadFormPage,
    }),
  },
  {
    path: paths.myCar.path,
    lazy: async () => ({
      Component: (await import('../features/owner-car/my-car-page')).MyCarPage,
    }),
  },
  // Shown after a 500 answer only: a lazy chunk like the other screens.
  {
    path: paths.serverError,
    lazy: async () => ({
      Component: (await import('../features/errors/server-error-page')).ServerErrorPage,
    }),
  },
  { path: paths.notFound, lazy: loadNotFoundPage },
  {
    path: paths.testErrors,
    loader: requireAdmin('notAuthorized'),
    lazy: async () => ({
      Component: (await import('../features/errors/test-errors-page')).TestErrorsPage,
    }),
  },

  { path: paths.logout, loader: logOut },

  // The guarded group under dealers: every child needs a login, some a role; nothing of it renders
  // (or fetches) without a session.
  {
    Component: SessionGate,
    children: [
      {
        path: paths.members,
        loader: requireAdmin('membersAdminOnly'),
        lazy: async () => ({
          Component: (await import('../features/members/member-list-page')).MemberListPage,
        }),
      },
      {
        path: paths.memberDetail.path,
        loader: requireAdminOrSelf,
        lazy: async () => ({
          Component: (await import('../features/members/member-detail-page')).MemberDetailPage,
        }),
      },
      {
        path: paths.memberEdit.path,
        loader: requireAdminOrSelf,
        lazy: async () => ({
          Component: (await import('../features/members/member-edit-page')).MemberEditPage,
        }),
      },
      {
        path: paths.lists,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/lists/lists-page')).ListsPage,
        }),
      },
      {
        path: paths.leadEdit.path,
        loader: requireAdmin('notAuthorized'),
        lazy: async () => ({
          Component: (await import('../features/lead-edit/lead-edit-page')).LeadEditPage,
        }),
      },
      {
        path: paths.messages,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/messages/messages-page')).MessagesPage,
        }),
      },
      {
        path: paths.myLeads,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/my-leads/my-leads-page')).MyLeadsPage,
        }),
      },
      {
        path: paths.packages,
        loader: requireAdmin('notAuthorized'),
        lazy: async () => ({
          Component: (await import('../features/packages/package-management-page'))
            .PackageManagementPage,
        }),
      },
      {
        path: paths.userPackages,
        loader: requireAdmin('notAuthorized'),
        lazy: async () => ({
          Component: (await import('../features/user-packages/user-package-management-page'))
            .UserPackageManagementPage,
        }),
      },
      {
        path: paths.credits,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/credits/credits-page')).CreditsPage,
        }),
      },
      {
        path: paths.myOrders,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/orders/my-orders-page')).MyOrdersPage,
        }),
      },
      {
        path: paths.orderReceipt.path,
        loader: requireUser,
        lazy: async () => ({
          Component: (await import('../features/orders/order-receipt-page')).OrderReceiptPage,
        }),
      },
      {
        path: paths.payments,
        loader: requireAdmin('notAuthorized'),
        lazy: async () => ({
          Component: (await import('../features/orders/payments-page')).PaymentsPage,
        }),
      },
      {
        path: paths.memberCredits.path,
        loader: requireAdmin('notAuthorized'),
        lazy: async () => ({
          Component: (await import('../features/credits/member-credits-page')).MemberCreditsPage,
        }),
      },
      {
        path: paths.insights,
        loader: requireAdmin('notAuthorized'),
        lazy: async () => ({
          Component: (await import('../features/insights/insights-page')).InsightsPage,
        }),
      },
      {
        path: paths.moderation,
        loader: requireAdmin('notAuthorized'),
        lazy: async () => ({
          Component: (await import('../features/moderation/moderation-page')).ModerationPage,
        }),
      },
      {
        path: paths.disputes,
        loader: requireAdmin('notAuthorized'),
        lazy: async () => ({
          Component: (await import('../features/disputes/disputes-page')).DisputesPage,
        }),
      },

      {
        path: paths.settings,
        loader: requireAdmin('notAuthorized'),
        lazy: async () => ({
          Component: (await import('../features/settings/settings-page')).SettingsPage,
        }),
      },
      {
        path: paths.audit,
        loader: requireAdmin('notAuthorized'),
        lazy: async () => ({
          Component: (await import('../features/audit/audit-page')).AuditPage,
        }),
      },
    ],
  },

  // Any unknown path says so (the API answers it with HTTP 404 too, plugins/web-app.ts).
  { path: paths.unknown, lazy: loadNotFoundPage },
];

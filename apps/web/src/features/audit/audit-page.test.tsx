// The Audit screen names the member an action was about (a link to their page), not "member #3".
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { setCurrentUser } from '../../lib/session';
import { failedSideReads, http, pagedJson, setupFakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';

const entries: AuditEntry[] = [
  {
    id: 2,
    actorId: 1,
    actorUserName: 'admin',
    ip: '127.0.0.1',
    action: 'member.update',
    targetType: 'member',
    targetId: '3',
    targetMember: { id: 3, userName: 'ravi_motors', name: 'Ravi Motors' },
    changes: { city: { before: 'Delhi', after: 'Noida' } },
    createdOn: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 1,
    actorId: 1,
    actorUserName: 'admin',
    ip: null,
    action: 'package.update',
    targetType: 'package',
    targetId: '5',
    targetMember: null,
    changes: { packagePrice: { before: 2500, after: 3000 } },
    createdOn: '2026-11-19T10:00:00.000Z',
  },
];

setupFakeApi(
  http.get('/api/admin/audit', () => pagedJson(entries, { itemsPerPage: 25 })),
  ...failedSideReads,
);

beforeEach(() => {
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
});

describe('audit page', () => {
  it('names the member an entry is about, linking to their page, and shows other targets by type and id', async () => {
    setCurrentUser({ id: 1, username: 'admin', token: 't', role: 'Admin' });
    renderRoute(paths.audit);
    const rows = await screen.findAllByTestId('audit-entry');
    expect(rows).toHaveLength(2);
    const member = within(rows[0]!).getByRole('link', { name: 'Ravi Motors' });
    expect(member).toHaveAttribute('href', paths.memberDetail('ravi_motors'));
    expect(rows[0]).toHaveTextContent('Ravi Motors (ravi_motors)');
    expect(rows[0]).not.toHaveTextContent('member #3');
    expect(rows[1]).toHaveTextContent('package #5');
  });
});

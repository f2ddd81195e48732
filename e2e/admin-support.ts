// Steps the admin journeys share: a fresh member of their own, so edits and assignments leave the demo accounts as seeded.
import { expect, type APIRequestContext } from '@playwright/test';

export interface FreshMember {
  userName: string;
  name: string;
  email: string;
  password: string;
}

/** Signs up a new dealer through the API; `tag` keeps the journeys' members apart. */
export async function createMember(
  request: APIRequestContext,
  tag: string,
): Promise<FreshMember> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const member = {
    userName: `${tag}${suffix}`,
    name: `E2E Motors ${suffix}`,
    email: `${tag}${suffix}@example.in`,
    password: 'Journey@2026',
  };
  const response = await request.post('/api/account/register', {
    data: {
      userName: member.userName,
      Name: member.name,
      email: member.email,
      phone: '9810012345',
      role: 'Dealer',
      pincode: '201301',
      state: 'Uttar Pradesh',
      City: 'Noida',
      password: member.password,
      confirmPassword: member.password,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return member;
}

/** A bearer token for direct API checks. */
export async function tokenOf(
  request: APIRequestContext,
  account: { userName: string; password: string },
): Promise<string> {
  const response = await request.post('/api/account/login', { data: account });
  expect(response.ok()).toBe(true);
  const user = (await response.json()) as { token: string };
  return user.token;
}

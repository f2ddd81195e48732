// The few API calls the benchmark makes outside the load: logins, packages, balances, unlocked leads.
import { todayInIndia } from '@dealerleads/shared';
export interface Session {
  id: number;
  userName: string;
  token: string;
}

export interface UserPackageView {
  id: number;
  packageName: string | null;
  packageType: string | null;
  packageBalanceCredits: number;
  endDate: string;
  isActive: boolean;
}

export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request<T>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<{ data: T; headers: Headers; bytes: number }> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    }
    return {
      data: (text ? JSON.parse(text) : undefined) as T,
      headers: response.headers,
      bytes: Buffer.byteLength(text),
    };
  }

  async login(userName: string, password: string): Promise<Session> {
    const { data } = await this.request<{ id: number; username: string; token: string }>(
      'POST',
      '/api/account/login',
      { body: { userName, password } },
    );
    return { id: data.id, userName: data.username, token: data.token };
  }

  /** Logs in as a dealer of the benchmark's own, registering it first on a database that does not have it yet. */
  async benchDealer(userName: string, password: string): Promise<Session> {
    try {
      return await this.login(userName, password);
    } catch {
      await this.request('POST', '/api/account/register', {
        body: {
          userName,
          Name: 'Benchmark Dealer',
          email: `${userName}@example.com`,
          phone: '',
          role: 'Dealer',
          pincode: '',
          state: 'Haryana',
          City: 'Gurugram',
          password,
          confirmPassword: password,
        },
      });
      return this.login(userName, password);
    }
  }

  /** Every package of a member (all pages). */
  async userPackages(session: Session, userId: number): Promise<UserPackageView[]> {
    const all: UserPackageView[] = [];
    for (let page = 1; ; page++) {
      const { data, headers } = await this.request<UserPackageView[]>(
        'GET',
        `/api/userpackage/user/${userId}?pageSize=100&pageNumber=${page}`,
        { token: session.token },
      );
      all.push(...data);
      const pagination = JSON.parse(headers.get('pagination') ?? '{}') as { totalPages?: number };
      if (data.length === 0 || page >= (pagination.totalPages ?? 1)) return all;
    }
  }

  /** The sum of a member's package balances: what unlocks draw from. */
  async balanceOf(
    session: Session,
    userId: number,
  ): Promise<{ total: number; packages: UserPackageView[] }> {
    const packages = await this.userPackages(session, userId);
    return { total: packages.reduce((sum, p) => sum + p.packageBalanceCredits, 0), packages };
  }

  async unlockedLeadIds(session: Session): Promise<Set<number>> {
    const { data } = await this.request<number[]>(
      'GET',
      `/api/userpackagelead/user/${encodeURIComponent(session.userName)}`,
      { token: session.token },
    );
    return new Set(data);
  }

  /**
   * Makes sure the dealer holds a live 'Lead' package with at least `needed` credits: reuses one from an
   * earlier run on the same database, or adds a 1,000,000-credit package and assigns it (Admin API).
   */
  async ensureLargePackage(admin: Session, dealer: Session, needed: number): Promise<string> {
    const today = todayInIndia();
    const existing = (await this.userPackages(dealer, dealer.id)).find(
      (p) =>
        p.isActive &&
        p.packageType === 'Lead' &&
        p.endDate >= today &&
        p.packageBalanceCredits >= needed,
    );
    if (existing) {
      return `reused "${existing.packageName}" (${existing.packageBalanceCredits.toLocaleString('en-US')} credits left)`;
    }
    const code = `BENCH${Date.now().toString(36).toUpperCase()}`;
    const { data: created } = await this.request<{ id: number }>('POST', '/api/packages/add', {
      token: admin.token,
      body: {
        packageName: `Benchmark 10 Lakh Leads ${code}`,
        packageCode: code,
        packageType: 'Lead',
        packageCredits: 1_000_000,
        packageUnit: 'Leads',
        packageValidity: 365,
        packagePrice: 0,
      },
    });
    await this.request('POST', '/api/userpackage/add', {
      token: admin.token,
      body: { userId: dealer.id, packageId: created.id, startDate: today, creditDebited: 0 },
    });
    return `added package ${code} (1,000,000 credits) and assigned it to ${dealer.userName}`;
  }
}

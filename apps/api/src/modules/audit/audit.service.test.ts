// What an audit entry records of a change: only the fields that changed, never a secret.
import { describe, expect, it } from 'vitest';
import { diffRecords } from './audit.service';

describe('diffRecords', () => {
  it('keeps only changed fields, with before and after', () => {
    expect(
      diffRecords(
        { role: 'Dealer', status: true, city: 'Noida' },
        { role: 'Admin', status: true, city: 'Noida' },
      ),
    ).toEqual({ role: { before: 'Dealer', after: 'Admin' } });
  });

  it('records a creation and a removal field by field', () => {
    expect(diffRecords(undefined, { name: 'Pro', credits: 50 })).toEqual({
      name: { before: null, after: 'Pro' },
      credits: { before: null, after: 50 },
    });
    expect(diffRecords({ name: 'Pro' }, undefined)).toEqual({
      name: { before: 'Pro', after: null },
    });
  });

  it('says a password changed without ever writing it or its hash', () => {
    const changes = diffRecords(
      { password_hash: '$argon2id$v=19$old', passwordHash: 'a' },
      { password_hash: '$argon2id$v=19$new', passwordHash: 'b' },
    );
    expect(changes).toEqual({
      password_hash: { before: '[redacted]', after: '[redacted]' },
      passwordHash: { before: '[redacted]', after: '[redacted]' },
    });
    expect(JSON.stringify(changes)).not.toContain('argon2');
  });
});

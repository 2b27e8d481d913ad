import { describe, expect, it } from 'vitest';
import { grantSql, parseGrantArgs } from './admin-grant.mjs';

describe('admin:grant arguments', () => {
  it('takes an e-mail, a phone or a user id, ADMIN by default, local by default', () => {
    expect(parseGrantArgs(['Asha@Example.in'])).toEqual({ column: 'email', value: 'asha@example.in', role: 'ADMIN', remote: false });
    expect(parseGrantArgs(['+91 98765 43210', '--role', 'moderator'])).toEqual({ column: 'phone', value: '9876543210', role: 'MODERATOR', remote: false });
    expect(parseGrantArgs(['usr_01jabcdefghjkmnpqrstvwxyz0', '--role=USER', '--remote'])).toMatchObject({ column: 'id', role: 'USER', remote: true });
    expect(parseGrantArgs(['a@b.in', '--persist-to', '/tmp/state'])).toMatchObject({ remote: false, persistTo: '/tmp/state' });
    // an account made since decision 034: its id ends in its accounts group's character
    expect(parseGrantArgs(['usr_01jabcdefghjkmnpqrstvwxyz0k'])).toMatchObject({ column: 'id', value: 'usr_01jabcdefghjkmnpqrstvwxyz0k' });
  });

  it('refuses what is not an account or a role, with a readable message', () => {
    expect(parseGrantArgs([]).error).toMatch(/usage/);
    expect(parseGrantArgs(['someone']).error).toMatch(/neither an e-mail/);
    expect(parseGrantArgs(["x'@y.in"]).error).toBeDefined();
    expect(parseGrantArgs(['a@b.in', '--role', 'ROOT']).error).toMatch(/--role must be/);
    expect(parseGrantArgs(['a@b.in', 'c@d.in']).error).toMatch(/one account/);
    expect(parseGrantArgs(['a@b.in', '--force']).error).toMatch(/unknown option/);
  });

  it('writes one update and reads the account back', () => {
    const sql = grantSql({ column: 'phone', value: '9876543210', role: 'MODERATOR' }, 1);
    expect(sql).toBe(
      "UPDATE users SET role = 'MODERATOR', updated_at = 1 WHERE phone = '9876543210'; SELECT id, email, phone, first_name, last_name, role, status FROM users WHERE phone = '9876543210';",
    );
  });
});

// Argument handling and SQL for `npm run admin:grant` (kept apart from the wrangler call so it is tested).
export const GRANTABLE_ROLES = ['ADMIN', 'MODERATOR', 'USER'];

const EMAIL = /^[^\s@'"]+@[^\s@'"]+\.[^\s@'"]+$/;
// a ULID, and since decision 034 the accounts group's character after it
const USER_ID = /^usr_[0-9a-z]{26}[0-9a-z]?$/;

/** 10-digit Indian mobile number from "+91 98xxx xxxxx", "098...", "98..."; null otherwise. */
export const normalisePhone = (raw) => {
  const digits = raw.replace(/[\s\-()]/g, '').replace(/^\+?91(?=\d{10}$)/, '').replace(/^0(?=\d{10}$)/, '');
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
};

/**
 * `<email | phone | user id> [--role ADMIN|MODERATOR|USER] [--remote | --persist-to <local state folder>]` → what to do, or an error a
 * person can read. The role defaults to ADMIN; USER takes a role away.
 */
export const parseGrantArgs = (argv) => {
  let who;
  let role = 'ADMIN';
  let remote = false;
  let persistTo;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--remote') remote = true;
    else if (a === '--persist-to') {
      persistTo = argv[++i];
      if (!persistTo) return { error: '--persist-to needs a folder' };
    }
    else if (a === '--local') remote = false;
    else if (a === '--role' || a.startsWith('--role=')) {
      const value = a.startsWith('--role=') ? a.slice(7) : argv[++i];
      if (!value || !GRANTABLE_ROLES.includes(value.toUpperCase())) return { error: `--role must be one of ${GRANTABLE_ROLES.join(', ')}` };
      role = value.toUpperCase();
    } else if (a.startsWith('--')) return { error: `unknown option ${a}` };
    else if (who === undefined) who = a;
    else return { error: `one account at a time (got "${who}" and "${a}")` };
  }
  if (!who) return { error: 'usage: npm run admin:grant -- <email or phone> [--role ADMIN|MODERATOR|USER] [--remote]' };
  const trimmed = who.trim();
  let column;
  let value;
  if (EMAIL.test(trimmed)) [column, value] = ['email', trimmed.toLowerCase()];
  else if (USER_ID.test(trimmed)) [column, value] = ['id', trimmed];
  else {
    const phone = normalisePhone(trimmed);
    if (!phone) return { error: `"${who}" is neither an e-mail address, a 10-digit mobile number nor a user id` };
    [column, value] = ['phone', phone];
  }
  return { column, value, role, remote, ...(persistTo && !remote ? { persistTo } : {}) };
};

/** The statements: the value is checked above to hold no quotes, and is quoted again to be safe. */
export const grantSql = ({ column, value, role }, now = Date.now()) => {
  const literal = `'${String(value).replaceAll("'", "''")}'`;
  return [
    `UPDATE users SET role = '${role}', updated_at = ${now} WHERE ${column} = ${literal};`,
    `SELECT id, email, phone, first_name, last_name, role, status FROM users WHERE ${column} = ${literal};`,
  ].join(' ');
};

/**
 * What `npm run deploy` refuses to ship: a Wrangler configuration that turns on the local test
 * checkout (PAYMENTS_LOCAL_CHECKOUT), which would hand out paid plans for free, or the dev outbox
 * (DEV_OUTBOX=true, which shows one-time passwords to anyone). `.dev.vars` is local and never deployed.
 */
const FORBIDDEN = [
  { name: 'PAYMENTS_LOCAL_CHECKOUT', why: 'the local test checkout gives paid plans away; set the Razorpay keys as secrets instead' },
  { name: 'DEV_OUTBOX', why: 'the dev outbox shows one-time passwords to anyone', allowed: /^"?false"?$/ },
  { name: 'EDGE_CACHE', why: 'only "on" or "off": "measure" lets any request skip the guest cache and force a render', allowed: /^"?(on|off)"?$/ },
];

/** Problems in a wrangler.toml text: one line per forbidden setting, naming its line number. */
export function deployProblems(toml) {
  const problems = [];
  toml.split('\n').forEach((raw, i) => {
    const line = raw.replace(/#.*$/, '').trim();
    for (const rule of FORBIDDEN) {
      const m = line.match(new RegExp(`^"?${rule.name}"?\\s*=\\s*(.+)$`));
      if (m && !(rule.allowed && rule.allowed.test(m[1].trim()))) problems.push(`wrangler.toml line ${i + 1}: ${rule.name} is set (${rule.why})`);
    }
  });
  return problems;
}

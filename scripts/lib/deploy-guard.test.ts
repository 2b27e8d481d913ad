import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deployProblems } from './deploy-guard.mjs';

describe('npm run deploy refuses local-only shortcuts', () => {
  it('passes the repository’s own wrangler.toml', () => {
    expect(deployProblems(readFileSync('wrangler.toml', 'utf8'))).toEqual([]);
  });

  it('refuses the local test checkout, however it is written', () => {
    for (const line of ['PAYMENTS_LOCAL_CHECKOUT = "1"', 'PAYMENTS_LOCAL_CHECKOUT="1"', '  "PAYMENTS_LOCAL_CHECKOUT" = "true"']) {
      const problems = deployProblems(`[vars]\nAPP_NAME = "SEL"\n${line}\n`);
      expect(problems, line).toHaveLength(1);
      expect(problems[0]).toMatch(/line 3: PAYMENTS_LOCAL_CHECKOUT is set/);
    }
  });

  it('refuses the dev outbox turned on, and ignores comments and the off switch', () => {
    expect(deployProblems('[vars]\nDEV_OUTBOX = "true"\n')).toHaveLength(1);
    expect(deployProblems('[vars]\nDEV_OUTBOX = "false"\n# PAYMENTS_LOCAL_CHECKOUT = "1"\n')).toEqual([]);
  });

  it('refuses the edge cache in its measuring mode (any request could skip it), not on or off', () => {
    expect(deployProblems('[vars]\nEDGE_CACHE = "measure"\n')).toHaveLength(1);
    expect(deployProblems('[vars]\nEDGE_CACHE = "off"\nEDGE_CACHE = "on"\n')).toEqual([]);
  });
});

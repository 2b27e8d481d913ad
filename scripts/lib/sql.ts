/** Helpers for generated SQL migrations: D1 wants small statements separated by breakpoints. */
export const sqlValue = (v: unknown): string => {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'NULL';
  if (typeof v === 'boolean') return v ? '1' : '0';
  return `'${String(v).replace(/'/g, "''")}'`;
};

export const insertRows = (table: string, columns: string[], rows: unknown[][], perStatement = 50): string[] => {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement).map((r) => `(${r.map(sqlValue).join(', ')})`);
    out.push(`INSERT INTO ${table} (${columns.join(', ')}) VALUES\n${chunk.join(',\n')};`);
  }
  return out;
};

export const migrationFile = (header: string, statements: string[]) =>
  `${header}\n${statements.join('\n--> statement-breakpoint\n')}\n`;

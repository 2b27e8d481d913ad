export declare const GRANTABLE_ROLES: string[];
export declare const normalisePhone: (raw: string) => string | null;
export declare const parseGrantArgs: (
  argv: string[],
) => { error: string } | { column: 'email' | 'phone' | 'id'; value: string; role: 'ADMIN' | 'MODERATOR' | 'USER'; remote: boolean; persistTo?: string; error?: undefined };
export declare const grantSql: (g: { column: string; value: string; role: string }, now?: number) => string;

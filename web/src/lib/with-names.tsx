import type { ReactNode } from 'react';

/**
 * Text holding stored names (a place the buyer chose, a person): each name is marked
 * `translate="no"`, so translation tools and the Hindi screen check leave it as written.
 */
export function withNames(text: string, names: readonly (string | null | undefined)[]): ReactNode {
  const kept = [...new Set(names.filter((name): name is string => !!name && name.trim().length > 0))].sort((a, b) => b.length - a.length);
  if (!kept.length) return text;
  const pattern = new RegExp(`(${kept.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'g');
  return text.split(pattern).map((part, index) => (kept.includes(part) ? <span key={index} translate="no">{part}</span> : part));
}

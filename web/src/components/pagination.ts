export type PageItem = number | 'gap-start' | 'gap-end';

/** 1 … 4 5 [6] 7 8 … 20: the first, the last, and two either side of the current page. */
export function pageItems(current: number, total: number, spread = 2): PageItem[] {
  if (total <= 1) return total === 1 ? [1] : [];
  const page = Math.min(Math.max(1, current), total);
  const start = Math.max(2, page - spread);
  const end = Math.min(total - 1, page + spread);
  const items: PageItem[] = [1];
  if (start > 2) items.push(start === 3 ? 2 : 'gap-start');
  for (let n = start; n <= end; n++) items.push(n);
  if (end < total - 1) items.push(end === total - 2 ? total - 1 : 'gap-end');
  items.push(total);
  return items;
}

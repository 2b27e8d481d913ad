/** 'India' and 'All in India' mean everywhere: no location filter (spec part 1 §5). */
export function isAllIndia(location: string | null | undefined): boolean {
  const text = (location ?? '').trim().toLowerCase();
  return text === '' || text === 'india' || text === 'all in india';
}

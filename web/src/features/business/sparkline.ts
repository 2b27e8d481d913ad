/** Points of a small line chart (inline SVG, no chart library): values spread over the width, 0 at the bottom. */
export function sparklinePoints(values: readonly number[], width: number, height: number, max = Math.max(1, ...values)): string {
  if (values.length === 0) return '';
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  // a 1 px margin top and bottom so a flat line at 0 or at the top stays visible
  const y = (v: number) => height - 1 - (Math.max(0, v) / max) * (height - 2);
  return values.map((v, i) => `${round(i * step)},${round(y(v))}`).join(' ');
}

const round = (n: number) => Math.round(n * 10) / 10;

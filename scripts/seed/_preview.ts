import { SUBCATEGORIES } from './catalog';
import { Random } from './random';
const rng = new Random(1);
for (const s of SUBCATEGORIES) {
  for (let i = 0; i < 2; i++) {
    const d = s.generate({ rng, city: 'Pune', area: i ? 'Kothrud' : null, state: 'Maharashtra', business: i && rng.chance(0.3) ? 'Sharma Motors' : null });
    console.log(`[${s.id}] ${d.title} | ₹${d.price} | ${d.condition}\n   ${d.description}\n   ${JSON.stringify(d.features)}`);
  }
}

/** Job posts (price = monthly salary or stipend) and local service offers. */
import type { Random } from '../random';
import { clampText, inr, paragraph, placeName, roundPrice } from './text';
import type { DraftContext, Generator } from './types';

interface Job {
  title: string;
  /** monthly, rupees */
  salary: [number, number];
  employers: string[];
  duties: string;
  needs: string[];
  experience: string;
}

const job = (title: string, salary: [number, number], employers: string[], duties: string, needs: string[], experience = '0-2 years'): Job => ({
  title,
  salary,
  employers,
  duties,
  needs,
  experience,
});

const FULL_TIME: Job[] = [
  job('Delivery Executive', [16_000, 24_000], ['a reputed logistics company', 'a quick-commerce grocery store', 'a courier franchise'], 'deliver parcels in and around {place} on your own two-wheeler', ['Two-wheeler with valid licence', 'Android smartphone', 'Knowledge of local roads'], 'Freshers welcome'),
  job('Data Entry Operator', [12_000, 18_000], ['a manufacturing unit', 'a chartered accountant firm', 'our distribution office'], 'enter invoices and stock data into Tally and Excel', ['Typing speed 30+ wpm', 'Basic Excel', '12th pass or graduate']),
  job('Field Sales Executive', [18_000, 28_000], ['an FMCG distributor', 'a paints dealer', 'a water purifier company'], 'visit shops and offices to sell our products and collect orders', ['Good communication in Hindi and English', 'Own bike preferred', 'Sales experience is a plus'], '1-3 years'),
  job('Primary School Teacher (English)', [15_000, 25_000], ['a CBSE school', 'an English-medium school'], 'teach English to classes 1 to 5', ['B.Ed mandatory', 'Fluent spoken English'], '1-3 years'),
  job('Software Developer (React / Node.js)', [45_000, 90_000], ['a growing IT startup', 'a software services company'], 'build web applications for our clients in a small product team', ['Strong JavaScript/TypeScript', 'React and Node.js projects', 'Git'], '2-5 years'),
  job('Accountant (Tally, GST)', [18_000, 30_000], ['a chartered accountant firm', 'a trading company'], 'handle day-to-day accounts, GST returns and bank reconciliation', ['B.Com', 'Tally Prime', 'GST filing'], '2-4 years'),
  job('Receptionist cum Office Assistant', [12_000, 18_000], ['a multi-speciality clinic', 'a real estate office', 'a coaching institute'], 'manage the front desk, calls and visitor records', ['Pleasant personality', 'Basic computer knowledge']),
  job('Car Driver for Family', [16_000, 22_000], ['a family in a gated society'], 'drive the family car for school drops and office trips', ['Valid LMV licence', 'Five years of city driving', 'Police verification'], '5+ years'),
  job('Security Guard', [13_000, 17_000], ['a security agency'], 'guard a residential society on 12-hour rotating shifts', ['Height 5\'6" or above', 'Ex-servicemen preferred']),
  job('Telecaller (Hindi / English)', [12_000, 20_000], ['a financial services company', 'an insurance broker'], 'call leads and explain our loan and insurance products', ['Clear voice', 'Basic computer skills'], 'Freshers welcome'),
  job('Warehouse Picker / Packer', [13_000, 16_000], ['a leading e-commerce warehouse'], 'pick, pack and label orders in our e-commerce warehouse', ['10th pass', 'Ready for rotational shifts'], 'Freshers welcome'),
  job('Electrician', [15_000, 22_000], ['a construction company', 'a facility management firm'], 'handle wiring and maintenance work at our construction sites', ['ITI Electrician certificate'], '2-5 years'),
];

const PART_TIME: Job[] = [
  job('Home Tutor for Class 8-10 Maths', [8_000, 15_000], ['a family'], 'teach maths to two students at home, 5 days a week in the evening', ['Graduate in Maths or Science', 'Patience with teenagers']),
  job('Weekend Store Staff', [7_000, 10_000], ['a supermarket', 'a mobile accessories store'], 'help customers and billing at our retail store on Saturdays and Sundays', ['Students welcome', 'Basic maths']),
  job('Part-time Telecaller (4 hours)', [6_000, 9_000], ['a coaching institute', 'a travel agency'], 'make follow-up calls to customers from our office, 10 am to 2 pm', ['Clear Hindi and English']),
  job('Evening Cook for PG', [8_000, 12_000], ['a PG for working professionals'], 'cook dinner for 25 residents, North and South Indian menu', ['Cooking experience', 'Hygiene']),
  job('Yoga Instructor (Mornings)', [10_000, 18_000], ['a residents welfare association'], 'take morning batches in our community hall', ['Certified yoga trainer']),
];

const FREELANCE: Job[] = [
  job('Video Editor for YouTube Channel', [15_000, 35_000], ['a cooking YouTube channel', 'a tech YouTube channel'], 'edit 8–10 videos a month with captions and thumbnails', ['Premiere Pro or DaVinci Resolve', 'Portfolio required']),
  job('Logo and Social Media Designer', [10_000, 25_000], ['a digital marketing agency'], 'design posts and reels covers for small businesses', ['Canva / Photoshop', 'Good sense of typography']),
  job('Content Writer (English)', [12_000, 30_000], ['a personal finance blog', 'a travel startup'], 'write blog articles on finance and travel, 12 articles a month', ['Excellent written English', 'SEO basics']),
  job('Wedding Photography Assistant', [15_000, 30_000], ['a wedding photography studio'], 'assist our lead photographer during the wedding season', ['Own DSLR preferred', 'Willing to travel']),
];

const REMOTE: Job[] = [
  job('Customer Support Executive (Chat)', [16_000, 24_000], ['an online retail company', 'a fintech startup'], 'answer customer chats and emails from home', ['Laptop and stable broadband', 'Good written English'], 'Freshers welcome'),
  job('Python Developer', [50_000, 1_10_000], ['a software consultancy'], 'build data pipelines and APIs for a US client', ['Python, Django or FastAPI', 'SQL'], '3-6 years'),
  job('Online Maths Tutor', [15_000, 30_000], ['an online tutoring platform'], 'take live online classes for grades 6-10', ['Laptop with webcam', 'Maths graduate']),
  job('Digital Marketing Executive', [20_000, 35_000], ['a digital marketing agency'], 'run Google and Meta ad campaigns for our clients', ['Google Ads', 'Meta Business Suite'], '1-3 years'),
];

const INTERNSHIPS: Job[] = [
  job('Digital Marketing Intern', [6_000, 12_000], ['a digital marketing agency', 'a D2C skincare brand'], 'assist with social media, SEO and campaign reports', ['Final-year students welcome', 'Basic Canva'], 'Freshers'),
  job('HR Intern', [5_000, 10_000], ['a recruitment consultancy'], 'screen resumes and schedule interviews', ['MBA/BBA students', 'Good communication'], 'Freshers'),
  job('Web Development Intern (React)', [10_000, 20_000], ['a growing IT startup'], 'build features on our web app with mentors', ['HTML, CSS, JavaScript', 'Basic React'], 'Freshers'),
  job('Graphic Design Intern', [6_000, 12_000], ['a branding studio'], 'design social posts, banners and brochures', ['Photoshop or Illustrator', 'Portfolio'], 'Freshers'),
  job('Accounts Intern (CA Articleship)', [8_000, 15_000], ['a chartered accountant firm'], 'help with audits, GST and income-tax filings', ['CA Inter cleared'], 'Freshers'),
];

const jobs = (list: Job[], kind: string): Generator => (ctx) => {
  const { rng } = ctx;
  const j = rng.pick(list);
  const low = roundPrice(rng.int(j.salary[0], (j.salary[0] + j.salary[1]) / 2));
  const high = roundPrice(Math.max(low + 2_000, rng.int((j.salary[0] + j.salary[1]) / 2, j.salary[1])));
  const place = placeName(ctx.city, ctx.area);
  const employer = ctx.business ?? rng.pick(j.employers);
  const openings = employer.includes('family') ? 1 : rng.int(1, kind === 'Full-time' ? 10 : 3);
  const pay = kind === 'Internship' ? 'Stipend' : 'Salary';
  const shift = rng.pick(['Day shift', 'General shift, 9:30 am to 6:30 pm', 'Rotational shifts', 'Flexible hours']);
  return {
    title: clampText(
      rng.pick([
        `${j.title} - ${kind}`,
        `Hiring ${j.title} in ${place}`,
        `${j.title} (${kind}), ₹${inr(low)}+ per month`,
        `Urgent requirement: ${j.title}`,
        kind === 'Remote' ? `${j.title} - Work from Home` : `${j.title} needed, ${ctx.city}`,
      ]),
      70,
    ),
    description: paragraph(
      `${cap(employer)} needs ${openings > 1 ? `${openings} people` : 'one person'} as ${j.title} to ${j.duties.replace('{place}', place)}.`,
      `Requirements: ${rng.sample(j.needs, Math.min(j.needs.length, rng.int(1, 3))).join(', ')}. Experience: ${j.experience}.`,
      `${pay} ₹${inr(low)}–${inr(high)} per month${kind === 'Full-time' ? rng.pick([' plus incentives', ' plus PF and ESI', '', ' with weekly off']) : ''}. ${shift}.`,
      kind === 'Remote' || kind === 'Freelance' ? 'Share your resume or portfolio through chat.' : rng.pick([`Walk-in interview Monday to Saturday, 10 am to 4 pm, at our ${place} office.`, 'Send your resume through chat, shortlisted candidates will be called.', 'Immediate joiners preferred.']),
    ),
    price: low,
    condition: 'NEW',
    features: {
      additionalDetails: [`${pay}: ₹${inr(low)}–${inr(high)} per month`, `Type: ${kind}`, `Experience: ${j.experience}`, `Openings: ${openings}`, kind === 'Remote' ? 'Location: Work from home' : `Location: ${place}`].join(' · '),
    },
  };
};

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const fullTime = jobs(FULL_TIME, 'Full-time');
export const partTime = jobs(PART_TIME, 'Part-time');
export const freelance = jobs(FREELANCE, 'Freelance');
export const remote = jobs(REMOTE, 'Remote');
export const internships = jobs(INTERNSHIPS, 'Internship');

// ---------------------------------------------------------------- services

export interface Service {
  name: string;
  /** starting charge, rupees */
  price: [number, number];
  unit: string;
  offer: string[];
}

const service = (name: string, price: [number, number], unit: string, offer: string[]): Service => ({ name, price, unit, offer });

export const SERVICES: Record<string, Service[]> = {
  professional: [
    service('Income Tax Return Filing & GST Registration', [499, 1_500], 'per filing', ['ITR for salaried, business and capital gains.', 'GST registration in 7 working days.']),
    service('Website Design & Development', [8_000, 25_000], 'per website', ['Mobile-friendly business websites with hosting for one year.', 'WhatsApp button, Google Maps and SEO setup included.']),
    service('Wedding & Event Photography', [25_000, 80_000], 'per event', ['Candid photography, cinematic video and an album.', 'Drone shoot available on request.']),
    service('Interior Design for 2/3 BHK', [50_000, 2_00_000], 'per project', ['Modular kitchen, wardrobes and false ceiling with 3D designs.', 'Turnkey execution with 5-year warranty on woodwork.']),
  ],
  personal: [
    service('Home Tuition for Class 1-10 (All Subjects)', [2_000, 6_000], 'per month', ['Experienced teacher, CBSE and state board.', 'Regular tests and parent updates.']),
    service('Yoga & Fitness Trainer at Home', [3_000, 8_000], 'per month', ['Certified trainer, weight loss and flexibility programmes.', 'Morning and evening slots.']),
    service('Beautician at Home (Bridal & Party Makeup)', [1_500, 12_000], 'per session', ['Branded products only, HD and airbrush makeup.', 'Facials, waxing and threading also done at home.']),
    service('Mehendi Artist', [1_000, 8_000], 'per function', ['Bridal, Arabic and Rajasthani designs with organic henna.', 'Group bookings for sangeet and festivals.']),
    service('Home Cook (North & South Indian)', [6_000, 12_000], 'per month', ['Two meals a day for a family of four.', 'Hygienic, experienced, references available.']),
  ],
  repair: [
    service('AC Service & Repair', [399, 1_499], 'per visit', ['Jet pump service, gas refill and installation for split and window ACs.', 'Same-day visit, 30-day service warranty.']),
    service('RO Water Purifier Service', [299, 999], 'per visit', ['Filter and membrane change for Kent, Aquaguard and Pureit.', 'Annual maintenance plans available.']),
    service('Washing Machine & Fridge Repair', [299, 1_200], 'per visit', ['Front load, top load and double-door fridge repair.', 'Genuine spare parts with bill.']),
    service('Mobile & Laptop Repair', [300, 5_000], 'per repair', ['Screen replacement, battery, charging port and water damage.', 'Doorstep pickup and drop.']),
    service('Plumber & Electrician', [199, 999], 'per visit', ['Tap, tank and pipeline work, wiring, MCB and fan installation.', 'Available on Sundays too.']),
    service('Carpenter Work', [499, 5_000], 'per job', ['Furniture repair, modular kitchen fitting and door locks.', 'Polish and laminate work done neatly.']),
  ],
  consulting: [
    service('Career Counselling for Class 10 & 12', [999, 4_999], 'per session', ['Aptitude test and stream selection guidance.', 'Engineering, medical, commerce and design options explained.']),
    service('Vastu Consultant', [2_100, 11_000], 'per visit', ['Home and office vastu without demolition.', 'Detailed report with remedies.']),
    service('Financial Planning & Mutual Fund Advice', [1_500, 10_000], 'per plan', ['SIP, insurance and retirement planning.', 'SEBI registered advisor.']),
    service('Study Abroad Counselling (UK, Canada, Australia)', [5_000, 30_000], 'per application', ['University shortlisting, SOP and visa filing.', 'IELTS coaching tie-ups.']),
  ],
  pets: [
    service('Dog Grooming at Home', [799, 2_499], 'per session', ['Bath, haircut, nail clipping and ear cleaning.', 'Gentle groomers, all breeds.']),
    service('Pet Boarding (Dogs & Cats)', [500, 1_200], 'per day', ['Homely boarding with daily walks and photo updates.', 'Air-conditioned rooms, vet on call.']),
    service('Dog Training (Basic Obedience)', [5_000, 15_000], 'per course', ['Sit, stay, leash walking and potty training.', 'Sessions at your home.']),
    service('Vet Visit at Home', [500, 1_500], 'per visit', ['Vaccination, deworming and health check-ups.', 'Qualified veterinary doctor.']),
  ],
};

export const services = (list: Service[]): Generator => (ctx: DraftContext) => {
  const { rng } = ctx;
  const s = rng.pick(list);
  const price = roundPrice(rng.int(s.price[0], (s.price[0] + s.price[1]) / 2));
  const place = placeName(ctx.city, ctx.area);
  const who = ctx.business ?? rng.pick(['We', 'I']);
  return {
    title: clampText(rng.pick([`${s.name} in ${place}`, `${s.name} - ${ctx.city}`, `${s.name}, starting ₹${inr(price)}`, `Professional ${s.name}`]), 70),
    description: paragraph(
      `${who} ${ctx.business ? 'provides' : 'provide'} ${s.name} ${ctx.area ? `in ${ctx.area} and nearby areas of ${ctx.city}` : `across ${ctx.city}`}.`,
      ...rng.sample(s.offer, rng.int(1, 2)),
      `Charges start at ₹${inr(price)} ${s.unit}.`,
      rng.pick(['Call or chat to book a slot.', `${yearsExperience(rng)} of experience, hundreds of happy customers.`, 'Weekend appointments available.']),
    ),
    price,
    condition: 'NEW',
    features: { additionalDetails: `Charges from ₹${inr(price)} ${s.unit} · Service area: ${ctx.city}` },
  };
};

const yearsExperience = (rng: Random) => `${rng.int(3, 15)} years`;

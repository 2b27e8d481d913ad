/**
 * Where an ad lives when listings are spread over several D1 databases (decision 033).
 *
 * The shard key is the ad's state. States are gathered into ten **groups**: the unit an ad's id
 * names (its tag) and the unit that moves between databases. A deployment runs N listings
 * databases (`LISTING_DATABASES`, one of the layouts below); each layout says which groups each
 * database holds. Ten groups because the capacity model (decision 020, `npm run capacity`) needs
 * ten listings databases at the anchor volume; smaller deployments hold several groups per database
 * and grow by moving whole groups, never by re-tagging ads.
 *
 * Why groups of states: most searches name a city or a state (a quarter are all-India, *estimate*
 * in scripts/capacity/inputs.ts), so they ask one database; neighbours share a group so a buyer
 * near a border still mostly asks one.
 *
 * Shares are *measured*: each state's share of the demo seed's ads, which picks cities with weight
 * population^0.8 (scripts/seed/places.ts) over the reference cities (scripts/data/india-cities.ts,
 * Census 2011 populations). Maharashtra alone is 14 % of ads: a group cannot be smaller than its
 * largest state, so the largest group is ~1.4× the mean (the capacity model assumes 1.3×,
 * SHARD_IMBALANCE; the difference is within its half-capacity margin).
 */

export interface StateGroup {
  /** the group's number: the tag in ids of ads in these states */
  group: number;
  /** locations.id of each state (migrations/0003_locations.sql), with its name for review */
  states: readonly { id: number; name: string }[];
  /** percent of ads (measured, see above) */
  share: number;
  why: string;
}

export const STATE_GROUPS: readonly StateGroup[] = [
  { group: 0, share: 14.25, why: 'Maharashtra is the largest state by ads; Goa borders it', states: [{ id: 21, name: 'Maharashtra' }, { id: 10, name: 'Goa' }] },
  { group: 1, share: 12.57, why: 'Uttar Pradesh and the state carved out of it', states: [{ id: 34, name: 'Uttar Pradesh' }, { id: 35, name: 'Uttarakhand' }] },
  {
    group: 2,
    share: 10.02,
    why: 'the far south and its islands',
    states: [
      { id: 31, name: 'Tamil Nadu' },
      { id: 17, name: 'Kerala' },
      { id: 27, name: 'Puducherry' },
      { id: 19, name: 'Lakshadweep' },
      { id: 1, name: 'Andaman and Nicobar Islands' },
    ],
  },
  {
    group: 3,
    share: 12.14,
    why: 'the west: Gujarat, Rajasthan and the union territory between them',
    states: [
      { id: 11, name: 'Gujarat' },
      { id: 29, name: 'Rajasthan' },
      { id: 8, name: 'Dadra and Nagar Haveli and Daman and Diu' },
    ],
  },
  { group: 4, share: 10.63, why: 'Karnataka and Andhra Pradesh, neighbours in the south', states: [{ id: 16, name: 'Karnataka' }, { id: 2, name: 'Andhra Pradesh' }] },
  {
    group: 5,
    share: 11.21,
    why: 'the centre: Madhya Pradesh, Chhattisgarh and Telangana',
    states: [
      { id: 20, name: 'Madhya Pradesh' },
      { id: 7, name: 'Chhattisgarh' },
      { id: 32, name: 'Telangana' },
    ],
  },
  {
    group: 6,
    share: 8.77,
    why: 'West Bengal and the north-east',
    states: [
      { id: 36, name: 'West Bengal' },
      { id: 4, name: 'Assam' },
      { id: 33, name: 'Tripura' },
      { id: 3, name: 'Arunachal Pradesh' },
      { id: 25, name: 'Nagaland' },
      { id: 24, name: 'Mizoram' },
      { id: 22, name: 'Manipur' },
      { id: 23, name: 'Meghalaya' },
      { id: 30, name: 'Sikkim' },
    ],
  },
  {
    group: 7,
    share: 8.95,
    why: 'the east: Bihar, Jharkhand, Odisha',
    states: [
      { id: 5, name: 'Bihar' },
      { id: 15, name: 'Jharkhand' },
      { id: 26, name: 'Odisha' },
    ],
  },
  { group: 8, share: 5.58, why: 'Delhi and Haryana: one metropolitan region (Gurugram, Faridabad)', states: [{ id: 9, name: 'Delhi' }, { id: 12, name: 'Haryana' }] },
  {
    group: 9,
    share: 5.89,
    why: 'the north-west and the hills',
    states: [
      { id: 28, name: 'Punjab' },
      { id: 6, name: 'Chandigarh' },
      { id: 14, name: 'Jammu and Kashmir' },
      { id: 13, name: 'Himachal Pradesh' },
      { id: 18, name: 'Ladakh' },
    ],
  },
];

/**
 * Which groups each database holds, per supported number of listings databases. A layout is
 * reviewed, not computed, so moving to another N is a deliberate data change: four databases put
 * north, west, south-west and east-south together to within 11 % of the mean (27.7 % the largest).
 */
export const SHARD_LAYOUTS: Readonly<Record<number, readonly (readonly number[])[]>> = {
  1: [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]],
  4: [
    [0, 4], // Maharashtra, Goa, Karnataka, Andhra Pradesh: 24.9 %
    [1, 8, 9], // the north: 24.0 %
    [3, 5], // the west and the centre: 23.4 %
    [2, 6, 7], // the south, the east and the north-east: 27.7 %
  ],
  10: [[0], [1], [2], [3], [4], [5], [6], [7], [8], [9]],
};

/** Ads with no state (none today: posting requires one) go to this group. */
export const GROUP_WITHOUT_STATE = 0;

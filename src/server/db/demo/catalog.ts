/**
 * Static reference data for the demo: invented carriers, the standard line-of-business tree, the two
 * demo networks with their agencies, and the demo users. Names are made up; cities are real.
 */
import { createRng, hashSeed } from './random.ts';

export type CarrierKind = 'core' | 'standard' | 'mga' | 'crop' | 'flood' | 'surety' | 'workersComp';

export type CatalogCarrier = {
  name: string;
  kind: CarrierKind;
  /** How the carrier's download behaves (omitted = sends everything, on time). */
  feed?: {
    /** The carrier does not send earned premium (and so no incurred either): NULL, not zero. */
    noEarned?: boolean;
    /** The carrier sends earned but not incurred losses. */
    noIncurred?: boolean;
    /** The latest months the carrier has not reported yet (for every agency). */
    lagMonths?: number;
  };
};

/** About 45 carriers: 15 core, 14 other standard carriers, 8 wholesalers/MGAs and 8 specialists. */
export const CARRIERS: readonly CatalogCarrier[] = [
  // Core carriers.
  { name: 'Northbridge Mutual', kind: 'core' },
  { name: 'Prairie Shield Insurance', kind: 'core' },
  { name: 'Heartland Casualty Company', kind: 'core' },
  { name: 'Great Plains Mutual', kind: 'core' },
  { name: 'Keystone Fidelity Insurance', kind: 'core' },
  { name: 'Lakeshore Mutual Insurance', kind: 'core' },
  { name: 'Summit Ridge Insurance Group', kind: 'core' },
  { name: 'Cardinal Point Insurance', kind: 'core' },
  { name: 'Riverbend Mutual', kind: 'core' },
  { name: 'Old Harbor Insurance Company', kind: 'core' },
  { name: 'Evergreen State Insurance', kind: 'core' },
  { name: 'Bluestem Mutual', kind: 'core' },
  { name: 'Iron Bridge Casualty', kind: 'core' },
  { name: 'Meridian Farm & Home', kind: 'core' },
  { name: 'Liberty Crest Insurance', kind: 'core' },
  // Other standard carriers.
  { name: 'Twin Rivers Insurance', kind: 'standard' },
  { name: 'Granite Peak Casualty', kind: 'standard', feed: { lagMonths: 1 } },
  { name: 'Cornerstone Indemnity', kind: 'standard' },
  { name: 'Pioneer Valley Mutual', kind: 'standard' },
  { name: 'Sandhill Insurance Company', kind: 'standard', feed: { noIncurred: true } },
  { name: 'Harborlight Assurance', kind: 'standard' },
  { name: 'Copperline Insurance', kind: 'standard', feed: { lagMonths: 2 } },
  { name: 'Silver Creek Insurance', kind: 'standard' },
  { name: 'Red Oak Mutual', kind: 'standard' },
  { name: 'Timberline Casualty', kind: 'standard' },
  { name: 'Crossroads Mutual', kind: 'standard' },
  { name: 'Anchor Point Indemnity', kind: 'standard' },
  { name: 'Stonegate Insurance Company', kind: 'standard' },
  { name: 'Fairview Casualty', kind: 'standard' },
  // Wholesalers and MGAs.
  { name: 'Tidewater Specialty Underwriters', kind: 'mga', feed: { noEarned: true } },
  { name: 'Frontier Excess & Surplus', kind: 'mga' },
  { name: 'Coastline Brokerage Services', kind: 'mga', feed: { noEarned: true } },
  { name: 'Apex Wholesale Insurance', kind: 'mga' },
  { name: 'Magnolia Underwriting Managers', kind: 'mga', feed: { lagMonths: 1 } },
  { name: 'Ridgeway Specialty MGA', kind: 'mga' },
  { name: 'Beacon E&S Partners', kind: 'mga' },
  { name: 'Sterling Program Underwriters', kind: 'mga' },
  // Specialists.
  { name: 'Golden Acre Crop Insurance', kind: 'crop' },
  { name: 'Harvest Plains Agricultural', kind: 'crop' },
  { name: 'High Water Flood Insurance', kind: 'flood' },
  { name: 'Levee National Flood', kind: 'flood' },
  { name: 'Bulwark Surety Company', kind: 'surety' },
  { name: 'Guarantor Bonding Company', kind: 'surety' },
  { name: 'Steadfast Workers Comp', kind: 'workersComp' },
  { name: 'Ironworks Comp Insurance', kind: 'workersComp' },
];

/** The carrier flags (columns of `carriers`) a kind implies. */
export function carrierFlags(kind: CarrierKind): {
  isCoreCarrier: boolean;
  isMga: boolean;
  isCrop: boolean;
  isFlood: boolean;
  isSurety: boolean;
  isWorkersComp: boolean;
  isStandard: boolean;
} {
  return {
    isCoreCarrier: kind === 'core',
    isMga: kind === 'mga',
    isCrop: kind === 'crop',
    isFlood: kind === 'flood',
    isSurety: kind === 'surety',
    isWorkersComp: kind === 'workersComp',
    isStandard: kind !== 'mga',
  };
}

export const CLASSIFICATION = { code: 'STD', name: 'Standard lines of business' } as const;

export const ROOT_LINE = { code: 'P&C', name: 'Property & Casualty' } as const;

export type BroadLineCode = 'PL' | 'CL' | 'BOND' | 'CROP';

export type StandardType = { code: string; name: string; popularity: number };

export type BroadLine = { code: BroadLineCode; name: string; types: readonly StandardType[] };

/** The broad lines in sort order, each with its standard types (popularity weights the demo's picks). */
export const BROAD_LINES: readonly BroadLine[] = [
  {
    code: 'PL',
    name: 'Personal Lines',
    types: [
      { code: 'PAUTO', name: 'Personal Auto', popularity: 10 },
      { code: 'HOME', name: 'Homeowners', popularity: 9 },
      { code: 'DFIRE', name: 'Dwelling Fire', popularity: 3 },
      { code: 'UMB', name: 'Personal Umbrella', popularity: 3 },
      { code: 'PFLOOD', name: 'Flood', popularity: 2 },
      { code: 'RV', name: 'Recreational Vehicle', popularity: 2 },
      { code: 'IM', name: 'Personal Inland Marine', popularity: 2 },
    ],
  },
  {
    code: 'CL',
    name: 'Commercial Lines',
    types: [
      { code: 'BOP', name: 'Businessowners', popularity: 7 },
      { code: 'CAUTO', name: 'Commercial Auto', popularity: 7 },
      { code: 'WC', name: 'Workers Compensation', popularity: 6 },
      { code: 'GL', name: 'General Liability', popularity: 6 },
      { code: 'CPROP', name: 'Commercial Property', popularity: 5 },
      { code: 'CUMB', name: 'Commercial Umbrella', popularity: 3 },
      { code: 'PROF', name: 'Professional Liability', popularity: 2 },
    ],
  },
  {
    code: 'BOND',
    name: 'Bond',
    types: [
      { code: 'SURETY', name: 'Surety Bonds', popularity: 3 },
      { code: 'FID', name: 'Fidelity Bonds', popularity: 1 },
    ],
  },
  {
    code: 'CROP',
    name: 'Crop',
    types: [
      { code: 'MPCI', name: 'Multi-Peril Crop', popularity: 5 },
      { code: 'HAIL', name: 'Crop Hail', popularity: 3 },
    ],
  },
];

/** The broad line a standard type belongs to. */
export function broadLineOf(typeCode: string): BroadLine {
  const line = BROAD_LINES.find((b) => b.types.some((t) => t.code === typeCode));
  if (!line) throw new RangeError(`Unknown standard type ${typeCode}`);
  return line;
}

const PL_STANDARD = ['PAUTO', 'HOME', 'DFIRE', 'UMB', 'RV', 'IM'];
const CL_STANDARD = ['BOP', 'CAUTO', 'WC', 'GL', 'CPROP', 'CUMB'];
const MGA_TYPES = ['GL', 'CPROP', 'PROF', 'CUMB', 'HOME', 'DFIRE', 'CAUTO', 'IM'];

/**
 * The standard types a carrier writes, by kind: crop carriers write crop, surety carriers bonds,
 * flood carriers flood, workers comp specialists WC; core carriers most of PL and CL; other standard
 * carriers and MGAs a plausible subset. Fixed per carrier name (independent of the demo seed).
 */
export function carrierWrites(carrier: CatalogCarrier): string[] {
  const rng = createRng(hashSeed('carrier-writes', carrier.name));
  switch (carrier.kind) {
    case 'crop':
      return ['MPCI', 'HAIL'];
    case 'flood':
      return ['PFLOOD'];
    case 'surety':
      return rng.chance(0.5) ? ['SURETY', 'FID'] : ['SURETY'];
    case 'workersComp':
      return ['WC'];
    case 'core': {
      const types = [
        ...rng.sample(PL_STANDARD, rng.int(4, 6)),
        ...rng.sample(CL_STANDARD, rng.int(4, 6)),
        ...(rng.chance(0.3) ? ['PROF'] : []),
        ...(rng.chance(0.3) ? ['SURETY'] : []),
      ];
      return types;
    }
    case 'standard': {
      const focus = rng.pick(['personal', 'commercial', 'both', 'both'] as const);
      if (focus === 'personal') return rng.sample(PL_STANDARD, rng.int(3, 6));
      if (focus === 'commercial') return rng.sample(CL_STANDARD, rng.int(3, 6));
      return [...rng.sample(PL_STANDARD, rng.int(2, 4)), ...rng.sample(CL_STANDARD, rng.int(2, 4))];
    }
    case 'mga':
      return rng.sample(MGA_TYPES, rng.int(2, 5));
  }
}

export type CatalogNetwork = { name: string; abbreviation: string };

export const NETWORKS: readonly CatalogNetwork[] = [
  { name: 'Heartland Agency Alliance', abbreviation: 'HAA' },
  { name: 'Coastal Independent Network', abbreviation: 'CIN' },
];

export type CatalogAgency = { name: string; city: string; state: string };

/** Heartland Agency Alliance: 35 Midwest and plains agencies. The first one is the demo owner's. */
export const HEARTLAND_AGENCIES: readonly CatalogAgency[] = [
  { name: 'Prairie Oak Insurance Agency', city: 'Ames', state: 'IA' },
  { name: 'Cedar Valley Insurance Group', city: 'Cedar Rapids', state: 'IA' },
  { name: 'Hawkeye Family Insurance', city: 'Iowa City', state: 'IA' },
  { name: 'Raccoon River Agency', city: 'Des Moines', state: 'IA' },
  { name: 'Loess Hills Insurance Services', city: 'Council Bluffs', state: 'IA' },
  { name: 'Mississippi Bend Insurance', city: 'Davenport', state: 'IA' },
  { name: 'Siouxland Insurance Partners', city: 'Sioux City', state: 'IA' },
  { name: 'Waterloo Insurance Center', city: 'Waterloo', state: 'IA' },
  { name: 'Platte Valley Insurance', city: 'Kearney', state: 'NE' },
  { name: 'Sandhills Agency Group', city: 'North Platte', state: 'NE' },
  { name: 'Capitol City Insurance Associates', city: 'Lincoln', state: 'NE' },
  { name: 'Gateway Insurance of Omaha', city: 'Omaha', state: 'NE' },
  { name: 'Grand Island Insurance Agency', city: 'Grand Island', state: 'NE' },
  { name: 'Flint Hills Insurance', city: 'Manhattan', state: 'KS' },
  { name: 'Sunflower Insurance Group', city: 'Wichita', state: 'KS' },
  { name: 'Kaw River Agency', city: 'Lawrence', state: 'KS' },
  { name: 'Smoky Hill Insurance Services', city: 'Salina', state: 'KS' },
  { name: 'Dodge City Insurance Agency', city: 'Dodge City', state: 'KS' },
  { name: 'Topeka Insurance Partners', city: 'Topeka', state: 'KS' },
  { name: 'Show-Me Insurance Agency', city: 'Columbia', state: 'MO' },
  { name: 'Ozark Mountain Insurance', city: 'Springfield', state: 'MO' },
  { name: 'Gateway Arch Insurance Group', city: 'St. Louis', state: 'MO' },
  { name: 'Missouri River Agency', city: 'Jefferson City', state: 'MO' },
  { name: 'Joplin Insurance Associates', city: 'Joplin', state: 'MO' },
  { name: 'Blue Valley Insurance', city: 'Kansas City', state: 'MO' },
  { name: 'Illini Insurance Group', city: 'Champaign', state: 'IL' },
  { name: 'Sangamon Insurance Agency', city: 'Springfield', state: 'IL' },
  { name: 'Rock River Insurance', city: 'Rockford', state: 'IL' },
  { name: 'Peoria Heights Insurance', city: 'Peoria', state: 'IL' },
  { name: 'Corn Belt Insurance Services', city: 'Bloomington', state: 'IL' },
  { name: 'Quad Cities Insurance Partners', city: 'Moline', state: 'IL' },
  { name: 'North Star Insurance Agency', city: 'Rochester', state: 'MN' },
  { name: 'Red River Valley Insurance', city: 'Fargo', state: 'ND' },
  { name: 'Black Hills Insurance Group', city: 'Rapid City', state: 'SD' },
  { name: 'Big Sioux Insurance', city: 'Sioux Falls', state: 'SD' },
];

/** Coastal Independent Network: 25 Gulf and Atlantic coast agencies. */
export const COASTAL_AGENCIES: readonly CatalogAgency[] = [
  { name: 'Gulf Breeze Insurance Agency', city: 'Pensacola', state: 'FL' },
  { name: 'Suncoast Insurance Group', city: 'Sarasota', state: 'FL' },
  { name: 'Tampa Bay Insurance Partners', city: 'Tampa', state: 'FL' },
  { name: 'First Coast Insurance Services', city: 'Jacksonville', state: 'FL' },
  { name: 'Space Coast Insurance', city: 'Melbourne', state: 'FL' },
  { name: 'Emerald Coast Agency', city: 'Destin', state: 'FL' },
  { name: 'Lone Star Coastal Insurance', city: 'Corpus Christi', state: 'TX' },
  { name: 'Bayou City Insurance Group', city: 'Houston', state: 'TX' },
  { name: 'Galveston Island Insurance', city: 'Galveston', state: 'TX' },
  { name: 'Rio Grande Valley Insurance', city: 'McAllen', state: 'TX' },
  { name: 'Golden Triangle Insurance', city: 'Beaumont', state: 'TX' },
  { name: 'Low Country Insurance Agency', city: 'Charleston', state: 'SC' },
  { name: 'Grand Strand Insurance', city: 'Myrtle Beach', state: 'SC' },
  { name: 'Palmetto Insurance Partners', city: 'Beaufort', state: 'SC' },
  { name: 'Savannah River Insurance', city: 'Savannah', state: 'GA' },
  { name: 'Golden Isles Insurance Group', city: 'Brunswick', state: 'GA' },
  { name: 'Peach State Insurance Agency', city: 'Macon', state: 'GA' },
  { name: 'Cape Fear Insurance Services', city: 'Wilmington', state: 'NC' },
  { name: 'Outer Banks Insurance', city: 'Kill Devil Hills', state: 'NC' },
  { name: 'Crystal Coast Agency', city: 'Morehead City', state: 'NC' },
  { name: 'Mobile Bay Insurance', city: 'Mobile', state: 'AL' },
  { name: 'Gulf Shores Insurance Group', city: 'Gulf Shores', state: 'AL' },
  { name: 'Crescent City Insurance', city: 'New Orleans', state: 'LA' },
  { name: 'Acadiana Insurance Partners', city: 'Lafayette', state: 'LA' },
  { name: 'Tidewater Family Insurance', city: 'Norfolk', state: 'VA' },
];

/** States where crop insurance sells (crop carriers are likelier there). */
export const FARM_STATES: ReadonlySet<string> = new Set([
  'IA',
  'NE',
  'KS',
  'MO',
  'IL',
  'MN',
  'ND',
  'SD',
  'TX',
]);

/** States on the coast (flood carriers are likelier there). */
export const COASTAL_STATES: ReadonlySet<string> = new Set(['FL', 'TX', 'SC', 'GA', 'NC', 'AL', 'LA', 'VA']);

/** Name parts for the agencies of a large benchmark network. */
export const AGENCY_NAME_STEMS: readonly string[] = [
  'Anderson',
  'Baker',
  'Bennett',
  'Brooks',
  'Carlson',
  'Collins',
  'Dawson',
  'Ellis',
  'Fischer',
  'Foster',
  'Garrison',
  'Hansen',
  'Hartley',
  'Hoffman',
  'Jensen',
  'Keller',
  'Lambert',
  'Larsen',
  'Mason',
  'McCoy',
  'Meyer',
  'Nelson',
  'Olson',
  'Parker',
  'Peterson',
  'Quinn',
  'Reynolds',
  'Schmidt',
  'Sorensen',
  'Sullivan',
  'Thompson',
  'Turner',
  'Vaughn',
  'Wagner',
  'Walsh',
  'Weber',
  'Whitaker',
  'Young',
  'Zimmerman',
  'Hollis',
  'Prairie',
  'Riverside',
  'Lakeview',
  'Heritage',
  'Frontier',
  'Harbor',
  'Pinecrest',
  'Meadowbrook',
  'Stonebridge',
  'Willow Creek',
  'Clearwater',
  'Fox Valley',
  'Maple Grove',
  'Summit',
  'Main Street',
];

export const AGENCY_NAME_SUFFIXES: readonly string[] = [
  'Insurance Agency',
  'Insurance Group',
  'Insurance Services',
  'Insurance Partners',
  'Agency',
  '& Associates Insurance',
  'Insurance Center',
  'Family Insurance',
  'Risk Advisors',
  'Insurance',
];

export const DEMO_PASSWORD = 'Understanding-demo-1';

export type DemoUser = {
  email: string;
  password: string;
  role: 'internal staff' | 'network user' | 'agency owner' | 'agency administrator' | 'agency user';
  userType: 'internal' | 'network' | 'agency';
  firstName: string;
  lastName: string;
  isOwner: boolean;
  isAdministrator: boolean;
  /** Multi-factor sign-in options staff enabled for the user: the methods they may choose. */
  mfa?: { authenticator: boolean; email: boolean; optOut: boolean };
};

const mfaUser = (
  email: string,
  firstName: string,
  lastName: string,
  mfa: NonNullable<DemoUser['mfa']>,
): DemoUser => ({
  email,
  password: DEMO_PASSWORD,
  role: 'agency user',
  userType: 'agency',
  firstName,
  lastName,
  isOwner: false,
  isAdministrator: false,
  mfa,
});

/**
 * The demo sign-ins (all with the same password): internal staff, a user of the first network, and
 * the owner, an administrator and plain users of that network's first agency, four of them with
 * multi-factor sign-in options.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'staff@understanding.test',
    password: DEMO_PASSWORD,
    role: 'internal staff',
    userType: 'internal',
    firstName: 'Morgan',
    lastName: 'Staff',
    isOwner: false,
    isAdministrator: false,
  },
  {
    email: 'network@understanding.test',
    password: DEMO_PASSWORD,
    role: 'network user',
    userType: 'network',
    firstName: 'Jordan',
    lastName: 'Ellis',
    isOwner: false,
    isAdministrator: false,
  },
  {
    email: 'owner@understanding.test',
    password: DEMO_PASSWORD,
    role: 'agency owner',
    userType: 'agency',
    firstName: 'Taylor',
    lastName: 'Brooks',
    isOwner: true,
    isAdministrator: false,
  },
  {
    email: 'admin@understanding.test',
    password: DEMO_PASSWORD,
    role: 'agency administrator',
    userType: 'agency',
    firstName: 'Casey',
    lastName: 'Morgan',
    isOwner: false,
    isAdministrator: true,
  },
  {
    email: 'user@understanding.test',
    password: DEMO_PASSWORD,
    role: 'agency user',
    userType: 'agency',
    firstName: 'Riley',
    lastName: 'Chen',
    isOwner: false,
    isAdministrator: false,
  },
  // Agency users of the same agency with multi-factor sign-in options: every method, one, or none.
  mfaUser('mfa-choice@understanding.test', 'Avery', 'Quinn', {
    authenticator: true,
    email: true,
    optOut: true,
  }),
  mfaUser('mfa-app@understanding.test', 'Jamie', 'Patel', {
    authenticator: true,
    email: false,
    optOut: false,
  }),
  mfaUser('mfa-email@understanding.test', 'Drew', 'Santos', {
    authenticator: false,
    email: true,
    optOut: false,
  }),
  mfaUser('mfa-none@understanding.test', 'Sky', 'Rivera', {
    authenticator: false,
    email: false,
    optOut: false,
  }),
];

// A mailing list's address fields and the rules a record must meet, shared by the list page and
// the server (server/mail/list-intake.ts). Target keys are the seeded field maps' (Map kind
// list_field): first_name … postal_code.

export interface AddressField {
  key: string;
  label: string;
  /** The Map row's name after the set's name: "List: first name". */
  mapLabel: string;
  required?: boolean;
  /** The transform a new map row gets (Map.transform). */
  transform: string;
  /** Header names that usually hold the field, compared without case, spaces or punctuation. */
  guesses: string[];
}

export const ADDRESS_FIELDS: readonly AddressField[] = [
  {
    key: "first_name",
    label: "First name",
    mapLabel: "first name",
    transform: "title_case",
    guesses: ["firstname", "fname", "first", "givenname"],
  },
  {
    key: "last_name",
    label: "Last name",
    mapLabel: "last name",
    transform: "title_case",
    guesses: ["lastname", "lname", "last", "surname", "familyname"],
  },
  {
    key: "company",
    label: "Company",
    mapLabel: "company",
    transform: "trim",
    guesses: ["company", "business", "organization", "organisation"],
  },
  {
    key: "street1",
    label: "Address 1",
    mapLabel: "address 1",
    required: true,
    transform: "uppercase",
    guesses: ["address1", "addr1", "address", "street", "street1", "addressline1"],
  },
  {
    key: "street2",
    label: "Address 2",
    mapLabel: "address 2",
    transform: "uppercase",
    guesses: ["address2", "addr2", "street2", "addressline2", "suite", "apt"],
  },
  {
    key: "city",
    label: "City",
    mapLabel: "city",
    required: true,
    transform: "uppercase",
    guesses: ["city", "town"],
  },
  {
    key: "state",
    label: "State",
    mapLabel: "state",
    required: true,
    transform: "uppercase",
    guesses: ["state", "st", "province"],
  },
  {
    key: "postal_code",
    label: "ZIP",
    mapLabel: "ZIP",
    required: true,
    transform: "trim",
    guesses: ["zip", "zipcode", "postalcode", "postcode", "zip5"],
  },
  {
    key: "salutation",
    label: "Salutation",
    mapLabel: "salutation",
    transform: "none",
    guesses: ["salutation", "greeting"],
  },
];

export const DEDUPE_RULES = [
  { value: "individual", label: "Individual (same name at the same address)" },
  { value: "household", label: "Household (same last name at the same address)" },
  { value: "address", label: "Address (one piece per address)" },
] as const;
export type DedupeRule = (typeof DEDUPE_RULES)[number]["value"];

export const OUTCOMES = ["valid", "invalid", "duplicate", "suppressed"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** USPS state and territory codes, the military "states" (AA, AE, AP) included. */
export const STATE_CODES = new Set(
  (
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH " +
    "OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI FM MH PW AA AE AP"
  ).split(" "),
);

export const ZIP = /^\d{5}(-?\d{4})?$/;

/** The first thing wrong with a mapped record, in words; null when it can be mailed. */
export function addressProblem(address: Record<string, string>): string | null {
  const missing = ADDRESS_FIELDS.filter((f) => f.required && !address[f.key]).map((f) => f.label);
  if (missing.length > 0) return `${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing`;
  if (!STATE_CODES.has(address.state)) return `State "${address.state}" is not a USPS state code`;
  if (!ZIP.test(address.postal_code)) {
    return `ZIP "${address.postal_code}" is neither a ZIP (12345) nor a ZIP+4 (12345-6789)`;
  }
  return null;
}

const squeeze = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The header column a field most likely sits in, or undefined. */
export function guessColumn(header: readonly string[], field: AddressField): string | undefined {
  return header.find(
    (column) => field.guesses.includes(squeeze(column)) || squeeze(column) === squeeze(field.label),
  );
}

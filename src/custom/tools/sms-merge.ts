// SMS templates' merge tags (issue 22, /messaging), for the server that renders them and the page
// that lists them: {{tag}} in a template's body is replaced by the order's value. A tag not in this
// list is unknown; a known tag the order has no value for is empty. Both are reported, and a
// message with either is not sent (the customer would get a hole or a brace).

export interface MergeTag {
  tag: string;
  label: string;
}

export const MERGE_TAGS: MergeTag[] = [
  { tag: "customer_name", label: "The customer's name" },
  { tag: "contact_name", label: "The customer's contact" },
  { tag: "order_number", label: "The order's number" },
  { tag: "status", label: "The order's status, as customers see it" },
  { tag: "due_date", label: "The order's due date" },
  { tag: "amount_due", label: "What the customer still owes on the order" },
  { tag: "proof_url", label: "A link to the order's latest proof (valid 14 days)" },
  { tag: "tracking_url", label: "The tracking link of the order's latest shipment" },
  { tag: "mail_order_number", label: "The order's mail order (the one of its latest mailed drop)" },
  { tag: "drop_no", label: "The number of the order's latest mailed drop" },
  { tag: "quantity", label: "The pieces in the order's latest mailed drop" },
];

const TRACKING: Record<string, string> = {
  ups: "https://www.ups.com/track?tracknum=",
  fedex: "https://www.fedex.com/fedextrack/?trknbr=",
  usps: "https://tools.usps.com/go/TrackConfirmAction?tLabels=",
};

/** The carrier's tracking page for a number (UPS, FedEx, USPS); other carriers: the number itself. */
export function trackingUrl(carrier: string | null, number: string): string {
  const base = carrier ? TRACKING[carrier] : undefined;
  return base ? `${base}${encodeURIComponent(number)}` : number;
}

export type MergeValues = Partial<Record<string, string | null>>;

export interface Rendered {
  text: string;
  /** Tags in the body that are not merge tags, as written ("{{proof_url}}"), once each. */
  unknown: string[];
  /** Merge tags the record has no value for, once each. */
  empty: string[];
  /** Characters and the SMS segments they take (GSM-7: 160, or 153 each when split; else 70 / 67). */
  characters: number;
  segments: number;
}

const TAG = /\{\{\s*([^{}]*?)\s*\}\}/g;
const KNOWN = new Set(MERGE_TAGS.map((t) => t.tag));
// GSM 03.38's basic set (an approximation: its extension characters count once here).
const GSM = /^[A-Za-z0-9 \r\n@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà^{}\\[~\]|€]*$/;

export function segmentsOf(text: string): number {
  const length = [...text].length;
  if (length === 0) return 0;
  const [single, part] = GSM.test(text) ? [160, 153] : [70, 67];
  return length <= single ? 1 : Math.ceil(length / part);
}

export function renderTemplate(body: string, values: MergeValues): Rendered {
  const unknown = new Set<string>();
  const empty = new Set<string>();
  const text = body.replace(TAG, (whole, name: string) => {
    if (!KNOWN.has(name)) {
      unknown.add(`{{${name}}}`);
      return whole;
    }
    const value = values[name];
    if (value === null || value === undefined || value === "") {
      empty.add(name);
      return "";
    }
    return value;
  });
  return {
    text,
    unknown: [...unknown],
    empty: [...empty],
    characters: [...text].length,
    segments: segmentsOf(text),
  };
}

/** A phone number as E.164 (+ and digits): a 10-digit US number gets +1; null when it is not one. */
export function e164(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[\s().-]/g, "");
  if (/^\+[1-9]\d{7,14}$/.test(digits)) return digits;
  if (/^\d{10}$/.test(digits)) return `+1${digits}`;
  if (/^1\d{10}$/.test(digits)) return `+${digits}`;
  return null;
}

/** The outbox's words for a message's state. */
export const MESSAGE_STATES: Record<string, string> = {
  outbox: "In the outbox (SMS not configured)",
  sent: "Sent through Twilio",
  failed: "Not sent",
};

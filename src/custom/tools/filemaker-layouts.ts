// The three FileMaker pages (spec §5 "Filemaker pages"), declared once for the server and the app:
// each page reads one FileMaker layout, whose fields are named as here (the Data API answers a
// record's fieldData by these names). Plain data, no React.
//
// Readings: the spec names the pages only. "Dental offices" are the dental practices a shop mails
// for (its own customers' list kept in FileMaker); "Heartland" is read as the Heartland Dental
// programme: the direct-mail jobs of its supported offices, with their state and job status, hence
// the dashboard's counts; "post offices" are the USPS facilities a shop drops mail at.

export type FileMakerFieldType = "text" | "number" | "date";

export interface FileMakerField {
  key: string;
  label: string;
  type: FileMakerFieldType;
  /** Matched by the page's search. */
  searchable?: boolean;
}

export interface FileMakerLayout {
  /** The page's path segment and the API's: /filemaker/{page}. */
  page: FileMakerPage;
  title: string;
  /** The FileMaker layout the records are read through. */
  layout: string;
  /** What a record is called, for counts ("12 offices"). */
  noun: [singular: string, plural: string];
  fields: FileMakerField[];
  /** The default sort: a field of `fields`. */
  sort: string;
}

export type FileMakerPage = "dental-offices" | "heartland-dashboard" | "post-offices";

const text = (key: string, label: string, searchable = false): FileMakerField => ({
  key,
  label,
  type: "text",
  searchable,
});

export const FILEMAKER_LAYOUTS: Record<FileMakerPage, FileMakerLayout> = {
  "dental-offices": {
    page: "dental-offices",
    title: "Dental offices",
    layout: "Dental Offices",
    noun: ["office", "offices"],
    sort: "practice_name",
    fields: [
      text("practice_name", "Practice", true),
      text("dentist", "Dentist", true),
      text("specialty", "Specialty", true),
      text("street", "Street"),
      text("city", "City", true),
      text("state", "State", true),
      text("zip", "ZIP", true),
      text("phone", "Phone"),
      { key: "chairs", label: "Chairs", type: "number" },
      { key: "last_mailed", label: "Last mailed", type: "date" },
    ],
  },
  "heartland-dashboard": {
    page: "heartland-dashboard",
    title: "Heartland dashboard",
    layout: "Heartland Jobs",
    noun: ["job", "jobs"],
    sort: "drop_date",
    fields: [
      text("job_number", "Job", true),
      text("office", "Office", true),
      text("city", "City", true),
      text("state", "State", true),
      text("campaign", "Campaign", true),
      text("status", "Status", true),
      { key: "pieces", label: "Pieces", type: "number" },
      { key: "drop_date", label: "Drop date", type: "date" },
    ],
  },
  "post-offices": {
    page: "post-offices",
    title: "Post offices",
    layout: "Post Offices",
    noun: ["post office", "post offices"],
    sort: "name",
    fields: [
      text("name", "Name", true),
      text("facility_type", "Type", true),
      text("street", "Street"),
      text("city", "City", true),
      text("state", "State", true),
      text("zip", "ZIP", true),
      text("phone", "Phone"),
      text("hours", "Dock hours"),
      text("accepts_eddm", "EDDM retail", true),
    ],
  },
};

export const FILEMAKER_PAGES = Object.keys(FILEMAKER_LAYOUTS) as FileMakerPage[];

export const isFileMakerPage = (value: string): value is FileMakerPage =>
  Object.hasOwn(FILEMAKER_LAYOUTS, value);

/** One record as the API answers it: FileMaker's record id and the layout's fields. */
export interface FileMakerRow {
  recordId: string;
  [field: string]: string | number | null;
}

export interface FileMakerListAnswer {
  /** "FileMaker" when read through its Data API, else "the demo tables". */
  source: string;
  rows: FileMakerRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface HeartlandFigures {
  source: string;
  total: number;
  pieces: number;
  byState: { state: string; count: number }[];
  byStatus: { status: string; count: number }[];
}

/** The Heartland jobs' statuses in the order work goes. */
export const HEARTLAND_STATUSES = ["Artwork", "Proof sent", "Approved", "Printing", "Mailed", "On hold"];

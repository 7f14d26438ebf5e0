import type { Database } from "./open";
import { filemaker_records } from "./schema";

// The demo tables behind the FileMaker pages (src/custom/tools/filemaker-layouts.ts): what a shop
// keeps in FileMaker, a few dozen records each for the demo shop (Midwest practices, Heartland Dental
// mailings, the post offices it drops at) and a handful for the second tenant (the Northwest), so each
// tenant's pages show only its own. Field order as the layouts declare them.

type DentalRow = [
  practice_name: string,
  dentist: string,
  specialty: string,
  street: string,
  city: string,
  state: string,
  zip: string,
  phone: string,
  chairs: number,
  last_mailed: string | null,
];
type HeartlandRow = [
  job_number: string,
  office: string,
  city: string,
  state: string,
  campaign: string,
  status: string,
  pieces: number,
  drop_date: string,
];
type PostOfficeRow = [
  name: string,
  facility_type: string,
  street: string,
  city: string,
  state: string,
  zip: string,
  phone: string,
  hours: string,
  accepts_eddm: string,
];

const DENTAL_KEYS = [
  "practice_name",
  "dentist",
  "specialty",
  "street",
  "city",
  "state",
  "zip",
  "phone",
  "chairs",
  "last_mailed",
];
const HEARTLAND_KEYS = ["job_number", "office", "city", "state", "campaign", "status", "pieces", "drop_date"];
const POST_OFFICE_KEYS = [
  "name",
  "facility_type",
  "street",
  "city",
  "state",
  "zip",
  "phone",
  "hours",
  "accepts_eddm",
];

// biome-ignore format: one record a line
const DENTAL_1: DentalRow[] = [
  ["Nguyen Family Dentistry", "Dr. Emily Nguyen", "General", "2399 Main St", "Springfield", "IL", "62701", "(217) 555-7277", 5, "2026-04-01"],
  ["Peoria Smiles", "Dr. James Patel", "General", "2075 Oak Ave", "Peoria", "IL", "61602", "(309) 555-1813", 7, "2026-06-26"],
  ["Bright Smile Dental of Naperville", "Dr. Priya Johnson", "General", "913 Maple Dr", "Naperville", "IL", "60540", "(630) 555-2838", 13, "2026-06-20"],
  ["Okafor & Associates Dental", "Dr. Marcus Okafor", "Pediatric", "7145 Washington St", "Champaign", "IL", "61820", "(217) 555-8250", 12, null],
  ["Prairie View Dental of Rockford", "Dr. Sarah Schmidt", "Orthodontics", "449 Lincoln Ave", "Rockford", "IL", "61101", "(815) 555-4186", 6, "2026-10-09"],
  ["Indianapolis Pediatric Dentistry", "Dr. David Kowalski", "Pediatric", "3057 Elm St", "Indianapolis", "IN", "46204", "(317) 555-6439", 3, "2026-02-19"],
  ["Riverside Dental Care of Fort Wayne", "Dr. Aisha Rivera", "Endodontics", "5448 Park Pl", "Fort Wayne", "IN", "46802", "(260) 555-3642", 9, "2026-10-11"],
  ["Chen Orthodontics", "Dr. Robert Chen", "Orthodontics", "5219 Jefferson Blvd", "Carmel", "IN", "46032", "(317) 555-3864", 13, "2026-09-05"],
  ["Gentle Care Dental of Columbus", "Dr. Linda Larson", "Cosmetic", "3131 Lake Shore Dr", "Columbus", "OH", "43215", "(614) 555-4508", 3, "2026-07-02"],
  ["Lakeside Dental Group of Dayton", "Dr. Kevin Hughes", "General", "6971 Market St", "Dayton", "OH", "45402", "(937) 555-3918", 9, "2026-05-17"],
  ["Heritage Dental of Toledo", "Dr. Maria Brennan", "General", "6608 State St", "Toledo", "OH", "43604", "(419) 555-7762", 7, null],
  ["Madison Dental Arts", "Dr. Thomas Morales", "General", "9328 Prairie Ave", "Madison", "WI", "53703", "(608) 555-6960", 7, "2026-06-13"],
  ["Fischer Family Dentistry", "Dr. Jennifer Fischer", "Pediatric", "9529 Center St", "Green Bay", "WI", "54301", "(920) 555-6568", 9, "2026-10-18"],
  ["Milwaukee Smiles", "Dr. Daniel Anderson", "Orthodontics", "8754 Walnut St", "Milwaukee", "WI", "53202", "(414) 555-1927", 8, "2026-07-03"],
  ["Bright Smile Dental of Des Moines", "Dr. Grace Kim", "Periodontics", "1714 Cherry Ln", "Des Moines", "IA", "50309", "(515) 555-5120", 6, "2026-07-25"],
  ["Sullivan & Associates Dental", "Dr. Samuel Sullivan", "Endodontics", "8488 Highland Ave", "Cedar Rapids", "IA", "52401", "(319) 555-1061", 10, "2026-04-13"],
  ["Prairie View Dental of St. Louis", "Dr. Rachel Hansen", "Oral surgery", "3269 Main St", "St. Louis", "MO", "63101", "(314) 555-6596", 8, "2026-03-01"],
  ["Kansas City Pediatric Dentistry", "Dr. Andrew Gupta", "Pediatric", "3030 Oak Ave", "Kansas City", "MO", "64106", "(816) 555-4365", 13, null],
  ["Riverside Dental Care of Springfield", "Dr. Nicole Thompson", "General", "3233 Maple Dr", "Springfield", "MO", "65806", "(417) 555-1648", 5, "2026-08-02"],
  ["Weber Orthodontics", "Dr. Brian Weber", "Orthodontics", "3401 Washington St", "Omaha", "NE", "68102", "(402) 555-2996", 4, "2026-02-02"],
  ["Gentle Care Dental of Lincoln", "Dr. Hannah Murphy", "General", "2517 Lincoln Ave", "Lincoln", "NE", "68508", "(402) 555-1441", 10, "2026-10-15"],
  ["Lakeside Dental Group of Grand Rapids", "Dr. Carlos Olson", "Pediatric", "8684 Elm St", "Grand Rapids", "MI", "49503", "(616) 555-3917", 10, "2026-03-19"],
  ["Heritage Dental of Lansing", "Dr. Megan Reyes", "Orthodontics", "1179 Park Pl", "Lansing", "MI", "48933", "(517) 555-2139", 7, "2026-06-26"],
  ["Louisville Dental Arts", "Dr. Steven Baker", "Periodontics", "2057 Jefferson Blvd", "Louisville", "KY", "40202", "(502) 555-6125", 13, "2026-01-06"],
  ["Novak Family Dentistry", "Dr. Laura Novak", "Endodontics", "1149 Lake Shore Dr", "Lexington", "KY", "40507", "(859) 555-4481", 5, null],
  ["Nashville Smiles", "Dr. Jason Price", "Oral surgery", "9879 Market St", "Nashville", "TN", "37203", "(615) 555-3752", 3, "2026-07-23"],
  ["Bright Smile Dental of Knoxville", "Dr. Olivia Lindqvist", "Cosmetic", "1352 State St", "Knoxville", "TN", "37902", "(865) 555-7951", 6, "2026-04-12"],
  ["Foster & Associates Dental", "Dr. Eric Foster", "General", "8855 Prairie Ave", "Wichita", "KS", "67202", "(316) 555-9861", 5, "2026-05-16"],
  ["Prairie View Dental of Minneapolis", "Dr. Sophia Ramirez", "General", "482 Center St", "Minneapolis", "MN", "55401", "(612) 555-1999", 10, "2026-05-25"],
  ["Rochester Pediatric Dentistry", "Dr. Nathan Doyle", "Pediatric", "3503 Walnut St", "Rochester", "MN", "55902", "(507) 555-2208", 5, "2026-07-12"],
  ["Riverside Dental Care of Springfield (IL)", "Dr. Anna Carter", "Pediatric", "727 Cherry Ln", "Springfield", "IL", "62701", "(217) 555-9619", 3, "2026-04-13"],
  ["Yoder Orthodontics", "Dr. Paul Yoder", "Orthodontics", "3461 Highland Ave", "Peoria", "IL", "61602", "(309) 555-3087", 13, null],
  ["Gentle Care Dental of Naperville", "Dr. Monica Bishop", "Periodontics", "6365 Main St", "Naperville", "IL", "60540", "(630) 555-8056", 10, "2026-01-25"],
  ["Lakeside Dental Group of Champaign", "Dr. Victor Meyer", "Endodontics", "4259 Oak Ave", "Champaign", "IL", "61820", "(217) 555-2154", 4, "2026-04-08"],
  ["Heritage Dental of Rockford", "Dr. Julia Ortiz", "Oral surgery", "9374 Maple Dr", "Rockford", "IL", "61101", "(815) 555-7615", 3, "2026-03-06"],
  ["Indianapolis Dental Arts", "Dr. Henry Keller", "Cosmetic", "591 Washington St", "Indianapolis", "IN", "46204", "(317) 555-7184", 3, "2026-08-06"],
];
// biome-ignore format: one record a line
const DENTAL_2: DentalRow[] = [
  ["Tacoma Dental Arts", "Dr. Thomas Morales", "General", "8074 Main St", "Tacoma", "WA", "98402", "(253) 555-8840", 6, "2026-01-09"],
  ["Fischer Family Dentistry", "Dr. Jennifer Fischer", "General", "7521 Oak Ave", "Spokane", "WA", "99201", "(509) 555-6476", 5, "2026-04-15"],
  ["Olympia Smiles", "Dr. Daniel Anderson", "General", "5919 Maple Dr", "Olympia", "WA", "98501", "(360) 555-9840", 14, "2026-06-09"],
  ["Bright Smile Dental of Salem", "Dr. Grace Kim", "Pediatric", "6323 Washington St", "Salem", "OR", "97301", "(503) 555-7221", 5, null],
  ["Sullivan & Associates Dental", "Dr. Samuel Sullivan", "Orthodontics", "9134 Lincoln Ave", "Eugene", "OR", "97401", "(541) 555-9688", 7, "2026-06-09"],
  ["Prairie View Dental of Bend", "Dr. Rachel Hansen", "Periodontics", "3185 Elm St", "Bend", "OR", "97701", "(541) 555-6382", 8, "2026-05-09"],
  ["Boise Pediatric Dentistry", "Dr. Andrew Gupta", "Pediatric", "8453 Park Pl", "Boise", "ID", "83702", "(208) 555-6112", 11, "2026-08-23"],
  ["Riverside Dental Care of Yakima", "Dr. Nicole Thompson", "Oral surgery", "3221 Jefferson Blvd", "Yakima", "WA", "98901", "(509) 555-4511", 9, "2026-08-13"],
];
// biome-ignore format: one record a line
const HEARTLAND_1: HeartlandRow[] = [
  ["HD26-0001", "Smile Dental Care of Springfield", "Springfield", "IL", "New patient welcome", "Mailed", 10500, "2026-04-23"],
  ["HD26-0002", "Family Dental Care of Peoria", "Peoria", "IL", "Spring whitening", "Proof sent", 3000, "2026-07-11"],
  ["HD26-0003", "Premier Dental of Naperville", "Naperville", "IL", "Back to school", "Proof sent", 10500, "2026-09-28"],
  ["HD26-0004", "Main Street Dental of Champaign", "Champaign", "IL", "Invisalign consult", "Proof sent", 11000, "2026-06-28"],
  ["HD26-0005", "Smile Dental Care of Rockford", "Rockford", "IL", "Holiday greetings", "Mailed", 2500, "2026-09-11"],
  ["HD26-0006", "Family Dental Care of Indianapolis", "Indianapolis", "IN", "Reactivation", "Mailed", 2500, "2026-02-17"],
  ["HD26-0007", "Premier Dental of Fort Wayne", "Fort Wayne", "IN", "New patient welcome", "Mailed", 15000, "2026-11-27"],
  ["HD26-0008", "Main Street Dental of Carmel", "Carmel", "IN", "Spring whitening", "Artwork", 11500, "2026-02-06"],
  ["HD26-0009", "Smile Dental Care of Columbus", "Columbus", "OH", "Back to school", "Approved", 7000, "2026-06-14"],
  ["HD26-0010", "Family Dental Care of Dayton", "Dayton", "OH", "Invisalign consult", "Mailed", 10500, "2026-12-18"],
  ["HD26-0011", "Premier Dental of Toledo", "Toledo", "OH", "Holiday greetings", "Approved", 13000, "2026-12-02"],
  ["HD26-0012", "Main Street Dental of Madison", "Madison", "WI", "Reactivation", "Mailed", 15000, "2026-09-21"],
  ["HD26-0013", "Smile Dental Care of Green Bay", "Green Bay", "WI", "New patient welcome", "Mailed", 13000, "2026-05-01"],
  ["HD26-0014", "Family Dental Care of Milwaukee", "Milwaukee", "WI", "Spring whitening", "Proof sent", 3000, "2026-02-11"],
  ["HD26-0015", "Premier Dental of Des Moines", "Des Moines", "IA", "Back to school", "Approved", 2500, "2026-06-04"],
  ["HD26-0016", "Main Street Dental of Cedar Rapids", "Cedar Rapids", "IA", "Invisalign consult", "Artwork", 9500, "2026-06-06"],
  ["HD26-0017", "Smile Dental Care of St. Louis", "St. Louis", "MO", "Holiday greetings", "Proof sent", 7000, "2026-07-13"],
  ["HD26-0018", "Family Dental Care of Kansas City", "Kansas City", "MO", "Reactivation", "Approved", 8500, "2026-05-08"],
  ["HD26-0019", "Premier Dental of Springfield", "Springfield", "MO", "New patient welcome", "Mailed", 12000, "2026-06-02"],
  ["HD26-0020", "Main Street Dental of Omaha", "Omaha", "NE", "Spring whitening", "Printing", 6500, "2026-09-18"],
  ["HD26-0021", "Smile Dental Care of Lincoln", "Lincoln", "NE", "Back to school", "Proof sent", 4500, "2026-04-25"],
  ["HD26-0022", "Family Dental Care of Grand Rapids", "Grand Rapids", "MI", "Invisalign consult", "Approved", 4500, "2026-08-02"],
  ["HD26-0023", "Premier Dental of Lansing", "Lansing", "MI", "Holiday greetings", "Approved", 6000, "2026-03-04"],
  ["HD26-0024", "Main Street Dental of Louisville", "Louisville", "KY", "Reactivation", "Mailed", 7500, "2026-03-17"],
  ["HD26-0025", "Smile Dental Care of Springfield", "Springfield", "IL", "New patient welcome", "Printing", 13000, "2026-06-07"],
  ["HD26-0026", "Family Dental Care of Peoria", "Peoria", "IL", "Spring whitening", "Printing", 13000, "2026-10-15"],
  ["HD26-0027", "Premier Dental of Naperville", "Naperville", "IL", "Back to school", "Printing", 11000, "2026-01-13"],
  ["HD26-0028", "Main Street Dental of Champaign", "Champaign", "IL", "Invisalign consult", "Mailed", 15000, "2026-11-15"],
  ["HD26-0029", "Smile Dental Care of Rockford", "Rockford", "IL", "Holiday greetings", "Approved", 7000, "2026-12-01"],
  ["HD26-0030", "Family Dental Care of Indianapolis", "Indianapolis", "IN", "Reactivation", "Mailed", 4000, "2026-03-27"],
  ["HD26-0031", "Premier Dental of Fort Wayne", "Fort Wayne", "IN", "New patient welcome", "Printing", 14500, "2026-02-07"],
  ["HD26-0032", "Main Street Dental of Carmel", "Carmel", "IN", "Spring whitening", "Mailed", 15000, "2026-11-09"],
  ["HD26-0033", "Smile Dental Care of Columbus", "Columbus", "OH", "Back to school", "Mailed", 2500, "2026-03-19"],
  ["HD26-0034", "Family Dental Care of Dayton", "Dayton", "OH", "Invisalign consult", "Mailed", 11000, "2026-04-19"],
  ["HD26-0035", "Premier Dental of Toledo", "Toledo", "OH", "Holiday greetings", "Mailed", 15000, "2026-06-24"],
  ["HD26-0036", "Main Street Dental of Madison", "Madison", "WI", "Reactivation", "Printing", 11000, "2026-12-06"],
  ["HD26-0037", "Smile Dental Care of Green Bay", "Green Bay", "WI", "New patient welcome", "Mailed", 13000, "2026-08-18"],
  ["HD26-0038", "Family Dental Care of Milwaukee", "Milwaukee", "WI", "Spring whitening", "Mailed", 9000, "2026-05-25"],
  ["HD26-0039", "Premier Dental of Des Moines", "Des Moines", "IA", "Back to school", "Mailed", 15000, "2026-04-08"],
  ["HD26-0040", "Main Street Dental of Cedar Rapids", "Cedar Rapids", "IA", "Invisalign consult", "Mailed", 6500, "2026-11-10"],
  ["HD26-0041", "Smile Dental Care of St. Louis", "St. Louis", "MO", "Holiday greetings", "Mailed", 12000, "2026-04-20"],
  ["HD26-0042", "Family Dental Care of Kansas City", "Kansas City", "MO", "Reactivation", "Mailed", 8000, "2026-08-26"],
  ["HD26-0043", "Premier Dental of Springfield", "Springfield", "MO", "New patient welcome", "Mailed", 4000, "2026-10-24"],
  ["HD26-0044", "Main Street Dental of Omaha", "Omaha", "NE", "Spring whitening", "Proof sent", 9000, "2026-06-05"],
  ["HD26-0045", "Smile Dental Care of Lincoln", "Lincoln", "NE", "Back to school", "On hold", 4500, "2026-01-18"],
  ["HD26-0046", "Family Dental Care of Grand Rapids", "Grand Rapids", "MI", "Invisalign consult", "Mailed", 7000, "2026-11-25"],
  ["HD26-0047", "Premier Dental of Lansing", "Lansing", "MI", "Holiday greetings", "Proof sent", 15000, "2026-11-17"],
  ["HD26-0048", "Main Street Dental of Louisville", "Louisville", "KY", "Reactivation", "Mailed", 6000, "2026-07-05"],
];
// biome-ignore format: one record a line
const HEARTLAND_2: HeartlandRow[] = [
  ["OT26-0001", "Smile Dental Care of Tacoma", "Tacoma", "WA", "New patient welcome", "Artwork", 10500, "2026-11-24"],
  ["OT26-0002", "Premier Dental of Spokane", "Spokane", "WA", "Spring whitening", "Approved", 2500, "2026-03-15"],
  ["OT26-0003", "Smile Dental Care of Olympia", "Olympia", "WA", "Back to school", "On hold", 7500, "2026-03-16"],
  ["OT26-0004", "Premier Dental of Salem", "Salem", "OR", "Invisalign consult", "Mailed", 10500, "2026-10-06"],
  ["OT26-0005", "Smile Dental Care of Eugene", "Eugene", "OR", "Holiday greetings", "Mailed", 6500, "2026-06-04"],
  ["OT26-0006", "Premier Dental of Bend", "Bend", "OR", "Reactivation", "Printing", 5000, "2026-12-03"],
  ["OT26-0007", "Smile Dental Care of Boise", "Boise", "ID", "New patient welcome", "Mailed", 13000, "2026-05-22"],
  ["OT26-0008", "Premier Dental of Yakima", "Yakima", "WA", "Spring whitening", "Printing", 9500, "2026-06-23"],
];
// biome-ignore format: one record a line
const POST_OFFICES_1: PostOfficeRow[] = [
  ["Springfield Main Post Office (IL)", "Post Office", "2465 Main St", "Springfield", "IL", "62701", "(217) 555-4293", "07:00-17:00", "Yes"],
  ["Peoria Main Post Office", "Post Office", "836 Washington St", "Peoria", "IL", "61602", "(309) 555-8610", "07:00-17:00", "Yes"],
  ["Naperville Main Post Office", "Post Office", "2615 Park Pl", "Naperville", "IL", "60540", "(630) 555-2265", "07:00-17:00", "Yes"],
  ["Champaign BMEU", "Business Mail Entry Unit", "386 Market St", "Champaign", "IL", "61820", "(217) 555-1108", "08:00-20:00", "No"],
  ["Rockford P&DC", "Processing & Distribution Center", "2315 Center St", "Rockford", "IL", "61101", "(815) 555-5225", "00:00-24:00", "No"],
  ["Indianapolis Main Post Office", "Post Office", "1863 Highland Ave", "Indianapolis", "IN", "46204", "(317) 555-8851", "07:00-17:00", "Yes"],
  ["Fort Wayne Main Post Office", "Post Office", "1047 Maple Dr", "Fort Wayne", "IN", "46802", "(260) 555-9766", "07:00-17:00", "Yes"],
  ["Carmel Main Post Office", "Post Office", "1180 Elm St", "Carmel", "IN", "46032", "(317) 555-1439", "07:00-17:00", "Yes"],
  ["Columbus BMEU", "Business Mail Entry Unit", "1507 Lake Shore Dr", "Columbus", "OH", "43215", "(614) 555-7288", "08:00-20:00", "No"],
  ["Dayton P&DC", "Processing & Distribution Center", "1219 Prairie Ave", "Dayton", "OH", "45402", "(937) 555-2505", "00:00-24:00", "No"],
  ["Toledo Main Post Office", "Post Office", "1732 Cherry Ln", "Toledo", "OH", "43604", "(419) 555-6231", "07:00-17:00", "Yes"],
  ["Madison Main Post Office", "Post Office", "223 Oak Ave", "Madison", "WI", "53703", "(608) 555-8065", "07:00-17:00", "Yes"],
  ["Green Bay Main Post Office", "Post Office", "2303 Lincoln Ave", "Green Bay", "WI", "54301", "(920) 555-1742", "07:00-17:00", "Yes"],
  ["Milwaukee BMEU", "Business Mail Entry Unit", "1915 Jefferson Blvd", "Milwaukee", "WI", "53202", "(414) 555-9340", "08:00-20:00", "No"],
  ["Des Moines P&DC", "Processing & Distribution Center", "1951 State St", "Des Moines", "IA", "50309", "(515) 555-7746", "00:00-24:00", "No"],
  ["Cedar Rapids Main Post Office", "Post Office", "1838 Walnut St", "Cedar Rapids", "IA", "52401", "(319) 555-1755", "07:00-17:00", "Yes"],
  ["St. Louis Main Post Office", "Post Office", "2636 Main St", "St. Louis", "MO", "63101", "(314) 555-1287", "07:00-17:00", "Yes"],
  ["Kansas City Main Post Office", "Post Office", "1692 Washington St", "Kansas City", "MO", "64106", "(816) 555-3174", "07:00-17:00", "Yes"],
  ["Springfield BMEU (MO)", "Business Mail Entry Unit", "549 Park Pl", "Springfield", "MO", "65806", "(417) 555-7278", "08:00-20:00", "No"],
  ["Omaha P&DC", "Processing & Distribution Center", "795 Market St", "Omaha", "NE", "68102", "(402) 555-3891", "00:00-24:00", "No"],
  ["Lincoln Main Post Office", "Post Office", "269 Center St", "Lincoln", "NE", "68508", "(402) 555-5753", "07:00-17:00", "Yes"],
  ["Grand Rapids Main Post Office", "Post Office", "1392 Highland Ave", "Grand Rapids", "MI", "49503", "(616) 555-5132", "07:00-17:00", "Yes"],
  ["Lansing Main Post Office", "Post Office", "1963 Maple Dr", "Lansing", "MI", "48933", "(517) 555-3422", "07:00-17:00", "Yes"],
  ["Louisville BMEU", "Business Mail Entry Unit", "363 Elm St", "Louisville", "KY", "40202", "(502) 555-1191", "08:00-20:00", "No"],
  ["Lexington P&DC", "Processing & Distribution Center", "890 Lake Shore Dr", "Lexington", "KY", "40507", "(859) 555-3666", "00:00-24:00", "No"],
  ["Nashville Main Post Office", "Post Office", "2747 Prairie Ave", "Nashville", "TN", "37203", "(615) 555-9137", "07:00-17:00", "Yes"],
  ["Knoxville Main Post Office", "Post Office", "2685 Cherry Ln", "Knoxville", "TN", "37902", "(865) 555-3864", "07:00-17:00", "Yes"],
  ["Wichita Main Post Office", "Post Office", "2589 Oak Ave", "Wichita", "KS", "67202", "(316) 555-7795", "07:00-17:00", "Yes"],
  ["Minneapolis BMEU", "Business Mail Entry Unit", "1204 Lincoln Ave", "Minneapolis", "MN", "55401", "(612) 555-4764", "08:00-20:00", "No"],
  ["Rochester P&DC", "Processing & Distribution Center", "434 Jefferson Blvd", "Rochester", "MN", "55902", "(507) 555-6717", "00:00-24:00", "No"],
];
// biome-ignore format: one record a line
const POST_OFFICES_2: PostOfficeRow[] = [
  ["Tacoma Main Post Office", "Post Office", "1009 Main St", "Tacoma", "WA", "98402", "(253) 555-2453", "07:00-17:00", "Yes"],
  ["Spokane Main Post Office", "Post Office", "1828 Washington St", "Spokane", "WA", "99201", "(509) 555-4992", "07:00-17:00", "Yes"],
  ["Olympia Main Post Office", "Post Office", "405 Park Pl", "Olympia", "WA", "98501", "(360) 555-9304", "07:00-17:00", "Yes"],
  ["Salem BMEU", "Business Mail Entry Unit", "1585 Market St", "Salem", "OR", "97301", "(503) 555-8550", "08:00-20:00", "No"],
  ["Eugene P&DC", "Processing & Distribution Center", "1983 Center St", "Eugene", "OR", "97401", "(541) 555-6389", "00:00-24:00", "No"],
  ["Bend Main Post Office", "Post Office", "2192 Highland Ave", "Bend", "OR", "97701", "(541) 555-5893", "07:00-17:00", "Yes"],
  ["Boise Main Post Office", "Post Office", "202 Maple Dr", "Boise", "ID", "83702", "(208) 555-3162", "07:00-17:00", "Yes"],
  ["Yakima Main Post Office", "Post Office", "1372 Elm St", "Yakima", "WA", "98901", "(509) 555-1450", "07:00-17:00", "Yes"],
];

const TABLES: Record<number, [layout: string, keys: string[], rows: (string | number | null)[][]][]> = {
  1: [
    ["dental-offices", DENTAL_KEYS, DENTAL_1],
    ["heartland-dashboard", HEARTLAND_KEYS, HEARTLAND_1],
    ["post-offices", POST_OFFICE_KEYS, POST_OFFICES_1],
  ],
  2: [
    ["dental-offices", DENTAL_KEYS, DENTAL_2],
    ["heartland-dashboard", HEARTLAND_KEYS, HEARTLAND_2],
    ["post-offices", POST_OFFICE_KEYS, POST_OFFICES_2],
  ],
};

/** Inserts the tenant's FileMaker demo records (the demo shop's or the second tenant's). */
export async function seedFileMakerTables(tx: Database, tenantId: number): Promise<void> {
  const values = (TABLES[tenantId] ?? []).flatMap(([layout, keys, rows]) =>
    rows.map((row) => ({
      tenant_id: tenantId,
      layout,
      field_data: Object.fromEntries(keys.map((k, i) => [k, row[i]])),
    })),
  );
  if (values.length > 0) await tx.insert(filemaker_records).values(values);
}

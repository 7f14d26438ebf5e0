import { pipeline, Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";

// Reading an uploaded CSV with csv-parse, streamed: RFC 4180 records (quoted cells may hold
// commas, quotes as "" and line breaks; lines end in CRLF, LF or CR), a leading UTF-8 BOM
// dropped, blank lines skipped, rows of any length (the import names what is missing).

export class CsvSyntaxError extends Error {
  constructor(
    /** The record (1 = the header) where the problem is. */
    readonly row: number,
    message: string,
  ) {
    super(message);
  }
}

/** csv-parse's refusals in the import's words. */
const MESSAGES: Record<string, string> = {
  INVALID_OPENING_QUOTE: "A quote may only open a cell",
  CSV_QUOTE_NOT_CLOSED: "A quoted cell is never closed",
  CSV_INVALID_CLOSING_QUOTE: "A quoted cell must end at its closing quote",
};

/** The records of a CSV (text, or a stream of its bytes such as an uploaded file), each a list of cells. */
export async function parseCsv(source: string | Readable): Promise<string[][]> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    // Any of the three line ends, mixed in one file as spreadsheets and editors leave them.
    record_delimiter: ["\r\n", "\n", "\r"],
    skip_empty_lines: true,
    // A line holding only "" is no record either.
    on_record: (record: string[]) => (record.length === 1 && record[0] === "" ? null : record),
  });
  const input = typeof source === "string" ? Readable.from([source]) : source;
  // An upload that fails (too large, cut off), even before we start, fails the parse with its
  // own error: pipeline passes it on to the parser, whose records we read.
  pipeline(input, parser, () => {});
  const records: string[][] = [];
  try {
    for await (const record of parser) records.push(record as string[]);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // The records read before the problem (csv-parse counts them; some may not have reached us yet).
    const before = (error as CsvError & { records?: number }).records ?? records.length;
    throw new CsvSyntaxError(before + 1, MESSAGES[error.code] ?? error.message);
  }
  return records;
}

// Reading an uploaded CSV: RFC 4180 records (quoted cells may hold commas, quotes as "" and line
// breaks; lines end in CRLF or LF), a leading UTF-8 BOM dropped, blank lines skipped. And the one
// file of a multipart/form-data body, for clients that post a form rather than the CSV itself.

export class CsvSyntaxError extends Error {
  constructor(
    /** The record (1 = the header) where the problem is. */
    readonly row: number,
    message: string,
  ) {
    super(message);
  }
}

/** The records of a CSV text, each a list of cells. */
export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  let i = 0;
  const endCell = () => {
    record.push(cell);
    cell = "";
  };
  const endRecord = () => {
    endCell();
    // A line with nothing on it is no record (a trailing newline, a spacer line).
    if (record.length > 1 || record[0] !== "") records.push(record);
    record = [];
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      cell += c;
      i += 1;
      continue;
    }
    if (c === '"') {
      if (cell !== "") throw new CsvSyntaxError(records.length + 1, "A quote may only open a cell");
      quoted = true;
    } else if (c === ",") endCell();
    else if (c === "\n") endRecord();
    else if (c === "\r") {
      if (text[i + 1] !== "\n") endRecord();
    } else cell += c;
    i += 1;
  }
  if (quoted) throw new CsvSyntaxError(records.length + 1, "A quoted cell is never closed");
  if (cell !== "" || record.length > 0) endRecord();
  return records;
}

/** The content of the first file part of a multipart/form-data body; undefined when there is none. */
export function multipartFile(body: Buffer, contentType: string): Buffer | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const headersStart = start + delimiter.length + 2; // past the delimiter's CRLF
    const headersEnd = body.indexOf("\r\n\r\n", headersStart);
    if (headersEnd === -1) return undefined;
    const next = body.indexOf(delimiter, headersEnd);
    if (next === -1) return undefined;
    const headers = body.subarray(headersStart, headersEnd).toString("utf8");
    if (/content-disposition:[^\r\n]*filename=/i.test(headers)) {
      return body.subarray(headersEnd + 4, next - 2); // the part ends in CRLF before the delimiter
    }
    start = next;
  }
  return undefined;
}

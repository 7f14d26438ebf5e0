import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, expect, it, vi } from "vitest";
import type { UploadRequest } from "../../../src/custom/orders/file-upload";
import { FileUploadPanel } from "../../../src/custom/orders/file-upload-panel";

// The upload panel around a running upload: its progress bar, Pause and Resume (whichever store the upload
// goes to: tus and Firebase's resumable upload hand the panel the same control), the outcome in words.
// The upload function itself is tested against the servers (tests/server/file-storage.test.ts, order-files.test.ts).

const upload = { calls: [] as UploadRequest[], settle: null as null | ((e?: Error) => void) };
/** The panel's upload, driven by the test: it records the request and settles when told. */
const send = (request: UploadRequest) =>
  new Promise<number>((resolve, reject) => {
    upload.calls.push(request);
    upload.settle = (error) => (error ? reject(error) : resolve(41));
  });

beforeEach(() => {
  upload.calls = [];
  upload.settle = null;
});

const choose = (name: string) =>
  fireEvent.change(screen.getByLabelText("File to upload"), {
    target: { files: [new File(["%PDF-1.7"], name, { type: "application/pdf" })] },
  });

it("shows the progress, pauses and resumes the upload, then says it is done", async () => {
  const onUploaded = vi.fn();
  render(<FileUploadPanel orderId={7} items={[]} onUploaded={onUploaded} upload={send} />);
  choose("flyer.pdf");
  expect(upload.calls[0]).toMatchObject({ orderId: 7, kind: "artwork", itemId: null });
  const control = { pause: vi.fn(), resume: vi.fn() };
  act(() => {
    upload.calls[0].onControl?.(control);
    upload.calls[0].onProgress(40);
  });
  expect(screen.getByRole("progressbar", { name: "Uploading flyer.pdf" })).toHaveAttribute(
    "aria-valuenow",
    "40",
  );
  expect(screen.getByRole("button", { name: /Upload a file/ })).toBeDisabled();
  fireEvent.click(screen.getByRole("button", { name: "Pause" }));
  expect(control.pause).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByRole("button", { name: "Resume" }));
  expect(control.resume).toHaveBeenCalledTimes(1);
  expect(screen.getByRole("button", { name: "Pause" })).toBeInTheDocument();
  await act(async () => upload.settle?.());
  expect(await screen.findByRole("status")).toHaveTextContent("flyer.pdf uploaded");
  expect(screen.queryByRole("progressbar")).toBeNull();
  expect(screen.queryByRole("button", { name: "Pause" })).toBeNull();
  expect(onUploaded).toHaveBeenCalledTimes(1);
});

it("says why an upload was refused", async () => {
  render(<FileUploadPanel orderId={7} items={[]} onUploaded={() => {}} upload={send} />);
  choose("huge.pdf");
  await act(async () => upload.settle?.(new Error("The file is 3.0 MB; files may be at most 2.0 MB")));
  expect(await screen.findByRole("alert")).toHaveTextContent(
    "The file is 3.0 MB; files may be at most 2.0 MB",
  );
  expect(screen.getByRole("button", { name: /Upload a file/ })).toBeEnabled();
});

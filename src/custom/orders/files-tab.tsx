// The order page's Files tab: the order's files (artwork, proofs, print-ready, other) with their
// preflight results and download links, an upload for those who may change the order, and the
// items' proofs (proofs-panel.tsx).

import { FileList } from "./file-list";
import { FileUploadPanel } from "./file-upload-panel";
import { ProofsPanel } from "./proofs-panel";
import { useOrderFiles } from "./use-order-files";

/** A thumbnail is made just after an upload (server/files/thumbnails.ts): look again once it is likely there. */
const THUMBNAIL_LOOK_AGAIN_MS = 3000;

export function FilesTab({
  orderId,
  orderVersion,
  items,
  canUpload,
  onOrderChanged,
}: {
  orderId: number;
  orderVersion: number;
  items: { id: number; label: string }[];
  canUpload: boolean;
  onOrderChanged(): void;
}) {
  const { files, query } = useOrderFiles(orderId);
  const uploaded = () => {
    void query.refetch();
    setTimeout(() => void query.refetch(), THUMBNAIL_LOOK_AGAIN_MS);
  };
  return (
    <>
      {canUpload && <FileUploadPanel orderId={orderId} items={items} onUploaded={uploaded} />}
      <FileList
        files={files ?? []}
        loading={query.isLoading}
        showOrder={false}
        pagination={false}
        canRerun={canUpload}
        onChanged={() => void query.refetch()}
      />
      <ProofsPanel
        orderId={orderId}
        orderVersion={orderVersion}
        items={items}
        files={files ?? []}
        canUpdate={canUpload}
        onOrderChanged={onOrderChanged}
      />
    </>
  );
}

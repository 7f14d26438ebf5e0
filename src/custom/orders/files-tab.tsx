// The order page's Files tab: the order's files (artwork, proofs, print-ready, other) with their
// preflight results and download links, and an upload for those who may change the order.
import { useCustom } from "@refinedev/core";
import { FileList, type OrderFile } from "./file-list";
import { FileUploadPanel } from "./file-upload-panel";

export function FilesTab({
  orderId,
  items,
  canUpload,
}: {
  orderId: number;
  items: { id: number; label: string }[];
  canUpload: boolean;
}) {
  const { query } = useCustom<OrderFile[]>({
    url: "order-files",
    method: "get",
    config: { query: { order_id: orderId, limit: 100 } },
    queryOptions: { queryKey: ["order-files", orderId] },
  });
  return (
    <>
      {canUpload && (
        <FileUploadPanel orderId={orderId} items={items} onUploaded={() => void query.refetch()} />
      )}
      <FileList
        files={query.data?.data ?? []}
        loading={query.isLoading}
        showOrder={false}
        pagination={false}
      />
    </>
  );
}

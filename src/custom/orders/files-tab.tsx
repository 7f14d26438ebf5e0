// The order page's Files tab: the order's files (artwork, proofs, print-ready, other) with their
// preflight results and download links, and an upload for those who may change the order.

import { useFetched } from "../../providers/use-fetched";
import { FileList, type OrderFile } from "./file-list";
import { FileUploadPanel } from "./file-upload-panel";
import { checkingEvery } from "./preflight-view";

export function FilesTab({
  orderId,
  items,
  canUpload,
}: {
  orderId: number;
  items: { id: number; label: string }[];
  canUpload: boolean;
}) {
  const { data: files, query } = useFetched<OrderFile[]>({
    url: "order-files",
    config: { query: { order_id: orderId, limit: 100 } },
    queryOptions: {
      queryKey: ["order-files", orderId],
      refetchInterval: (q) => checkingEvery(q.state.data?.data as OrderFile[] | undefined),
    },
  });
  return (
    <>
      {canUpload && (
        <FileUploadPanel orderId={orderId} items={items} onUploaded={() => void query.refetch()} />
      )}
      <FileList
        files={files ?? []}
        loading={query.isLoading}
        showOrder={false}
        pagination={false}
        canRerun={canUpload}
        onChanged={() => void query.refetch()}
      />
    </>
  );
}

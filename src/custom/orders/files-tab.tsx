// The order page's Files tab: the order's files (artwork, proofs, print-ready, other) with their
// preflight results and download links, an upload for those who may change the order, and the
// items' proofs (proofs-panel.tsx).

import { useFetched } from "../../providers/use-fetched";
import { FileList, type OrderFile } from "./file-list";
import { FileUploadPanel } from "./file-upload-panel";
import { checkingEvery } from "./preflight-view";
import { ProofsPanel } from "./proofs-panel";

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

// What a list's cells read besides their record (list-columns.tsx): the references' titles, the list's URL their
// links keep, and the caller's permissions on the rows. Cells render again only when their record changes
// (shouldCellUpdate) or when what they read here does; each group is a context of its own, so titles arriving
// render the reference cells again, not the rows' links and buttons.
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { createPath, type NavigateFunction, type To, useLocation, useNavigate } from "react-router";
import type { ReferenceRecords } from "../../components/fields/reference-value";
import { InAppAnchor } from "../../routing/in-app-anchor";
import { preloadRoute } from "../../routing/route-preload";
import type { RowPermissions } from "./row-actions";

export interface RowContextValue {
  /** The query of the list the rows were fetched for: their links keep it for the way back. */
  search: string;
  allowed: RowPermissions;
  navigate: NavigateFunction;
}

const ReferenceTitlesContext = createContext<Record<string, ReferenceRecords>>({});
const RowContext = createContext<RowContextValue | undefined>(undefined);

export const useReferenceTitlesOf = (name: string): ReferenceRecords | undefined =>
  useContext(ReferenceTitlesContext)[name];

export function useRowContext(): RowContextValue {
  const row = useContext(RowContext);
  if (!row) throw new Error("a list cell needs <ListCells> around its table (list-cells.tsx)");
  return row;
}

export interface ListCellsValue {
  references: Record<string, ReferenceRecords>;
  row: RowContextValue;
}

/**
 * The value for ListCells. While the next rows are being fetched, the rows shown keep the query they were fetched
 * for: a page change does not render every row's links again just before the rows are replaced.
 */
export function useListCells(
  references: Record<string, ReferenceRecords>,
  allowed: RowPermissions,
  fetching: boolean,
): ListCellsValue {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState(search);
  if (!fetching && shown !== search) setShown(search);
  const row = useMemo(() => ({ search: shown, allowed, navigate }), [shown, allowed, navigate]);
  return useMemo(() => ({ references, row }), [references, row]);
}

export function ListCells({ value, children }: { value: ListCellsValue; children: ReactNode }) {
  return (
    <ReferenceTitlesContext.Provider value={value.references}>
      <RowContext.Provider value={value.row}>{children}</RowContext.Provider>
    </ReferenceTitlesContext.Provider>
  );
}

/**
 * A link within the app, lighter than react-router's Link (a list page shows a hundred): the record links are
 * absolute paths (record-links.ts) and the app has no basename, so the path is the href (in-app-anchor.tsx).
 */
export function RowLink({
  to,
  children,
  ...rest
}: {
  to: To;
  children: ReactNode;
  title?: string;
  "aria-label"?: string;
  className?: string;
}) {
  const { navigate } = useRowContext();
  const href = typeof to === "string" ? to : createPath(to);
  // The page's code starts loading when the pointer or the focus reaches its link (route-preload.ts).
  const preload = () => preloadRoute(href);
  return (
    <InAppAnchor href={href} {...rest} follow={() => navigate(to)} onMouseEnter={preload} onFocus={preload}>
      {children}
    </InAppAnchor>
  );
}
